import { describe, expect, it } from 'vitest';
import { sanitizeStyle } from '../../../../src/node/markdown/style-allow-list.js';

describe('sanitizeStyle', () => {
  it('writes a JSX style object as React renders it: hyphenated names, px for numbers but unitless ones', () => {
    expect(
      sanitizeStyle({
        textAlign: 'center',
        marginTop: 8,
        lineHeight: 1.5,
        padding: 0,
        msFlexGrow: 2,
        WebkitBoxFlex: 1,
      }),
    ).toEqual({
      css: 'text-align:center;margin-top:8px;line-height:1.5;padding:0;-ms-flex-grow:2',
      dropped: ['-webkit-box-flex:1px'],
    });
    expect(sanitizeStyle({ color: null, display: false, '--ifm-color-primary': '#25c2a0' }).css).toBe(
      '--ifm-color-primary:#25c2a0',
    );
  });

  it('keeps the allowed declarations of CSS text and names each dropped one', () => {
    expect(sanitizeStyle('text-align: center; position: fixed; top: 0; z-index: 9; color: red')).toEqual({
      css: 'text-align:center;color:red',
      dropped: ['position:fixed', 'top:0', 'z-index:9'],
    });
  });

  it('drops values that load something or hide behind escapes', () => {
    expect(sanitizeStyle("background: url('https://x.test/a.png'); color: blue").css).toBe('color:blue');
    expect(sanitizeStyle('background-image: image-set("a.png" 1x)').css).toBeNull();
    expect(sanitizeStyle('color: \\72 ed').css).toBeNull();
    expect(sanitizeStyle({ background: 'u\\rl(x)' }).css).toBeNull();
    expect(sanitizeStyle('behavior: url(x.htc); -moz-binding: x').dropped).toHaveLength(2);
  });

  it('drops text that is no CSS whole, without throwing', () => {
    expect(sanitizeStyle('color red; /*')).toEqual({ css: null, dropped: ['color red; /*'] });
  });
});
