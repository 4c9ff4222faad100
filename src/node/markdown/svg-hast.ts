/**
 * SVG markup to hast, for the drawings mermaid-svg.ts gets from its renderer. hast-util-from-html runs parse5's
 * whole HTML tree construction with positions; for 44 diagrams (430 KB of SVG, this site) that was about 0.17 s of
 * a cold build's CPU, against about 0.07 s here (htmlparser2's tokenizer, then hastscript's `s()`, the function
 * hast-util-from-parse5 builds SVG elements with, so properties are named and typed alike).
 *
 * The tree equals hast-util-from-html's for the renderer's markup, positions aside (tests/unit/node/markdown/
 * svg-hast.test.ts compares them): HTML character references as parse5 decodes them, tag and attribute names as
 * written (the renderer writes SVG's own camelCase: `viewBox`, `markerWidth`), comments, processing instructions
 * and the doctype left out.
 */
import type { ElementContent } from 'hast';
import { s } from 'hastscript';
import { Parser } from 'htmlparser2';

interface Open {
  name: string;
  attributes: Record<string, string>;
  children: ElementContent[];
}

/**
 * Parses SVG markup.
 * @param markup one `<svg>` document (an XML declaration, comments and blank text around it are allowed)
 * @returns the top-level elements and text, without positions; an element left open is closed at the end
 */
export function svgToHast(markup: string): ElementContent[] {
  const top: Open = { name: '', attributes: {}, children: [] };
  const stack: Open[] = [top];
  const close = () => {
    const open = stack.pop()!;
    stack.at(-1)!.children.push(s(open.name, open.attributes, open.children));
  };
  const parser = new Parser(
    {
      onopentag: (name, attributes) => void stack.push({ name, attributes, children: [] }),
      ontext: (value) => {
        const children = stack.at(-1)!.children;
        const last = children.at(-1);
        if (last?.type === 'text')
          last.value += value; // the tokenizer splits text at character references
        else children.push({ type: 'text', value });
      },
      onclosetag: () => {
        if (stack.length > 1) close();
      },
    },
    // HTML character references (as parse5 decodes them), names as written, `<path/>` closes itself
    {
      xmlMode: false,
      decodeEntities: true,
      lowerCaseTags: false,
      lowerCaseAttributeNames: false,
      recognizeSelfClosing: true,
      recognizeCDATA: true,
    },
  );
  parser.end(markup);
  while (stack.length > 1) close();
  return top.children;
}
