/**
 * Writes ELK's code cache (elk-loader.ts): run by scripts/build-cli.mjs as `node lib/node/elk-code-cache.js` once
 * lib/ is compiled. It draws one diagram of each type ELK lays out, so that the functions those layouts need are
 * compiled, then stores them. Prints the cache's size; exits 1 (and the install goes on without a cache) when a
 * diagram cannot be drawn.
 *
 * It runs under the V8 flags of `docgen build` (build/v8-tiering.ts): V8 refuses a code cache made under other
 * flags, and did so for every build while the cache was made without them (ELK then compiled from its source each
 * time, about 0.1 s of the worker's critical path). `--check` only loads ELK under those flags and says whether the
 * cache on disk was taken (exit 0) or not (exit 1), for the install and the tests.
 */
import { delayOptimization } from '../build/v8-tiering.js';
import { loadElk, writeElkCodeCache } from './elk-loader.js';
import { renderMermaid } from './mermaid-svg.js';

delayOptimization();
if (process.argv.includes('--check')) {
  const { cacheUsed } = loadElk();
  console.log(`elk-code-cache: ${cacheUsed ? 'taken' : 'refused or missing'}`);
  process.exit(cacheUsed ? 0 : 1);
}

/** Small diagrams of the kinds docs have: shapes, labels, subgraphs, composite states, classes, entities. */
const SAMPLES = [
  'flowchart LR\n  A[Client] -->|request| B{Gateway}\n  B -->|ok| C[(Database)]\n  B -.->|retry| A\n  subgraph S [Services]\n    D((Queue)) --> E>Worker]\n  end\n  C --> D\n  E --> F([Done])',
  'flowchart TD\n  A --> B & C\n  B --> D{{Check}}\n  C --> D\n  D -->|yes| E[/Out/]\n  D -->|no| A',
  'stateDiagram-v2\n  [*] --> Pending\n  Pending --> Active: approve\n  state Active {\n    [*] --> Running\n    Running --> Paused: pause\n    Paused --> Running: resume\n  }\n  Active --> Done: finish\n  Done --> [*]',
  'classDiagram\n  class Animal {\n    +String name\n    +move(int distance) void\n  }\n  Animal <|-- Dog\n  Animal <|-- Cat\n  Dog "1" --> "*" Toy : plays',
  'erDiagram\n  CUSTOMER ||--o{ ORDER : places\n  ORDER ||--|{ LINE : contains\n  ORDER { string id PK\n    date placed }',
];

for (const source of SAMPLES) {
  const result = renderMermaid(source);
  if (result.kind !== 'svg') {
    console.error(
      `elk-code-cache: a sample diagram was not drawn (${result.kind === 'error' ? result.message : result.kind})`,
    );
    process.exit(1);
  }
}
console.log(`elk-code-cache: ${writeElkCodeCache()} bytes`);
