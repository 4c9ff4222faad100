import type { Element } from 'hast';
import { describe, expect, it } from 'vitest';
import { sanitizeAuthorElement } from '../../../../src/node/markdown/html-allow-list.js';

const element = (tagName: string, properties: Element['properties'] = {}): Element => ({
  type: 'element',
  tagName,
  properties,
  children: [],
});
const options = { iframeOrigins: ['https://www.youtube-nocookie.com'] };

describe('sanitizeAuthorElement', () => {
  it('keeps allowed elements and attributes as they are', () => {
    for (const tag of ['details', 'summary', 'kbd', 'figure', 'figcaption', 'br', 'code', 'sub', 'sup']) {
      expect(sanitizeAuthorElement(element(tag), options), tag).toEqual({ keep: 'element', dropped: [] });
    }
    const img = element('img', { src: '/img/a.png', alt: 'A', width: '100' });
    expect(sanitizeAuthorElement(img, options)).toEqual({ keep: 'element', dropped: [] });
    expect(img.properties).toEqual({ src: '/img/a.png', alt: 'A', width: '100' });
    const video = element('video', { src: 'https://cdn.example/a.mp4', controls: true, poster: 'p.png' });
    expect(sanitizeAuthorElement(video, options).dropped).toEqual([]);
  });

  it('keeps the classes, data attributes and link targets of marked component output, and still nothing that runs script', () => {
    const li = element('li', { className: ['row', 'task'], 'dataV-2b190b1e': '', dataDgComponent: '' });
    expect(sanitizeAuthorElement(li, options)).toEqual({ keep: 'element', dropped: [] });
    expect(li.properties).toEqual({ className: ['row', 'task'], 'dataV-2b190b1e': '' });
    const a = element('a', {
      href: 'javascript:alert(1)',
      target: '_blank',
      rel: ['noopener'],
      onClick: 'alert(1)',
      style: 'color:red',
      dataDgIsland: 'x',
      dataDgComponent: '',
    });
    expect(sanitizeAuthorElement(a, options).dropped).toEqual([
      'href="javascript:alert(1)"',
      'onclick="alert(1)"',
      'style="color:red"',
      'data-dg-island="x"',
    ]);
    expect(a.properties).toEqual({ target: '_blank', rel: ['noopener'] });
    for (const tag of ['script', 'style', 'iframe'])
      expect(sanitizeAuthorElement(element(tag, { dataDgComponent: '' }), options).keep).toBe('nothing');
    // Unmarked, the same element loses its class, as every author's element does.
    const plain = element('li', { className: ['row'], 'dataV-2b190b1e': '' });
    expect(sanitizeAuthorElement(plain, options).dropped).toEqual(['class="row"', 'data-v-2b190b1e']);
  });

  it('removes event handlers, style, class and unsafe URLs in place and names them', () => {
    const img = element('img', { src: 'x', onError: 'alert(1)', style: 'color:red', className: ['a'] });
    expect(sanitizeAuthorElement(img, options)).toEqual({
      keep: 'element',
      dropped: ['onerror="alert(1)"', 'style="color:red"', 'class="a"'],
    });
    expect(img.properties).toEqual({ src: 'x' });
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'jav\tascript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
    ]) {
      const a = element('a', { href });
      expect(sanitizeAuthorElement(a, options).dropped, href).toHaveLength(1);
      expect(a.properties.href, href).toBeUndefined();
    }
    const a = element('a', { href: 'https://example.com/x?y#z' });
    expect(sanitizeAuthorElement(a, options).dropped).toEqual([]);
  });

  it('drops script-bearing and document-level elements with their content, unwraps unknown ones', () => {
    for (const tag of ['script', 'style', 'object', 'embed', 'base', 'meta', 'link', 'svg', 'math', 'noscript']) {
      expect(sanitizeAuthorElement(element(tag), options), tag).toEqual({
        keep: 'nothing',
        dropped: [`<${tag}> and its content`],
      });
    }
    for (const tag of ['form', 'font', 'center', 'button', 'marquee', 'template']) {
      expect(sanitizeAuthorElement(element(tag), options), tag).toEqual({
        keep: 'children',
        dropped: [`<${tag}> (its content is kept)`],
      });
    }
  });

  it('keeps an iframe only from a listed https origin, without srcdoc', () => {
    const ok = element('iframe', {
      src: 'https://www.youtube-nocookie.com/embed/x',
      allowFullScreen: true,
      srcDoc: '<script>alert(1)</script>',
    });
    expect(sanitizeAuthorElement(ok, options)).toEqual({
      keep: 'element',
      dropped: ['srcdoc="<script>alert(1)</script>"'],
    });
    expect(ok.properties).toEqual({ src: 'https://www.youtube-nocookie.com/embed/x', allowFullScreen: true });
    for (const src of [
      'https://evil.example/embed/x',
      'http://www.youtube-nocookie.com/embed/x',
      'javascript:alert(1)',
      undefined,
    ]) {
      expect(sanitizeAuthorElement(element('iframe', { src }), options).keep, String(src)).toBe('nothing');
    }
    expect(
      sanitizeAuthorElement(element('iframe', { src: 'https://www.youtube-nocookie.com/embed/x' }), {
        iframeOrigins: [],
      }).keep,
    ).toBe('nothing');
  });

  it('keeps ids unprefixed for #anchors, but not in docgen namespaces; <a name> becomes an id, other names go', () => {
    const h = element('h2', { id: 'setup' });
    expect(sanitizeAuthorElement(h, options).dropped).toEqual([]);
    expect(h.properties.id).toBe('setup');
    for (const id of ['__docgen-boot', 'dg-main'])
      expect(sanitizeAuthorElement(element('div', { id }), options).dropped).toEqual([`id="${id}"`]);
    const anchor = element('a', { name: 'old-anchor' });
    expect(sanitizeAuthorElement(anchor, options).dropped).toEqual([]);
    expect(anchor.properties).toEqual({ id: 'old-anchor' });
    const img = element('img', { src: 'x', name: 'getElementById' });
    expect(sanitizeAuthorElement(img, options).dropped).toEqual(['name="getElementById"']);
  });

  it('takes attribute names as JSX writes them (MDX) as well as hast property names', () => {
    const td = element('td', { colspan: '2', onclick: 'alert(1)', class: 'x' });
    expect(sanitizeAuthorElement(td, options)).toEqual({
      keep: 'element',
      dropped: ['onclick="alert(1)"', 'class="x"'],
    });
    expect(td.properties).toEqual({ colSpan: '2' });
  });
});

describe('sanitizeAuthorElement: protocol-relative iframe', () => {
  it('keeps //host embeds of a listed origin, written out with https:', () => {
    // ikaros-dev/docs versioned_docs/version-0.15/getting-started/install/flutter-app.md, a pasted bilibili embed.
    const frame = element('iframe', { src: '//player.bilibili.com/player.html?aid=532195227&page=1' });
    expect(sanitizeAuthorElement(frame, { iframeOrigins: ['https://player.bilibili.com'] }).keep).toBe('element');
    expect(frame.properties.src).toBe('https://player.bilibili.com/player.html?aid=532195227&page=1');
    expect(sanitizeAuthorElement(element('iframe', { src: '//evil.example/x' }), options).keep).toBe('nothing');
  });
});
