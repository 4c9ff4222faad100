#!/bin/bash
# bundle a scratch ts file and run it
npx esbuild "$1" --bundle --platform=node --format=esm --outfile=/tmp/llms-scratch.mjs --packages=external --log-level=error && cp /tmp/llms-scratch.mjs .scratch/out.mjs && node .scratch/out.mjs "${@:2}"
