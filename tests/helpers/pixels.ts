/**
 * Reading pixels of a screenshot in Chromium itself (no PNG decoder needed): the PNG is drawn on a canvas of a
 * blank page, outside the site and its Content-Security-Policy.
 */
import type { Browser } from 'playwright-core';

/**
 * Mean luminance (0-255) of vertical strips of an image.
 * @param png the screenshot
 * @param strips [x, width] pairs in CSS pixels of the image
 * @returns one mean per strip, over the middle half of the image's height
 */
export async function stripLuminance(browser: Browser, png: Buffer, strips: [number, number][]): Promise<number[]> {
  const page = await browser.newPage();
  try {
    return await page.evaluate(
      async ({ data, strips }) => {
        const image = new Image();
        image.src = `data:image/png;base64,${data}`;
        await image.decode();
        const canvas = Object.assign(document.createElement('canvas'), { width: image.width, height: image.height });
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0);
        const top = Math.floor(image.height / 4);
        const height = Math.max(1, Math.floor(image.height / 2));
        return strips.map(([x, width]) => {
          const { data: px } = context.getImageData(Math.max(0, x), top, width, height);
          let sum = 0;
          for (let i = 0; i < px.length; i += 4) sum += 0.2126 * px[i]! + 0.7152 * px[i + 1]! + 0.0722 * px[i + 2]!;
          return sum / (px.length / 4);
        });
      },
      { data: png.toString('base64'), strips },
    );
  } finally {
    await page.close();
  }
}
