// src/node/diagnostics/code-frame.ts
var MAX_WIDTH = 160;
function codeFrame(source, line, column = 1, context = 2) {
  const lines = source.split(/\r?\n/);
  if (line < 1 || line > lines.length) return "";
  const first = Math.max(1, line - context);
  const last = Math.min(lines.length, line + context);
  const width = String(last).length;
  const out = [];
  const full = (lines[line - 1] ?? "").replace(/\t/g, "  ");
  const caret = Math.max(1, Math.min(column, full.length + 1));
  const start = caret > MAX_WIDTH - 20 ? caret - (MAX_WIDTH >> 1) : 0;
  const clip = (text3) => (start > 0 ? "\u2026" : "") + (text3.length - start > MAX_WIDTH ? text3.slice(start, start + MAX_WIDTH) + "\u2026" : text3.slice(start));
  for (let n = first; n <= last; n++) {
    const marker = n === line ? ">" : " ";
    out.push(`${marker} ${String(n).padStart(width)} | ${clip((lines[n - 1] ?? "").replace(/\t/g, "  "))}`);
    if (n === line) out.push(`  ${" ".repeat(width)} | ${" ".repeat(caret - 1 - start + (start > 0 ? 1 : 0))}^`);
  }
  return out.join("\n");
}

// src/node/diagnostics/error.ts
var DocgenError = class _DocgenError extends Error {
  code;
  hint;
  file;
  line;
  column;
  frame;
  severity;
  constructor(init) {
    super(init.message, init.cause === void 0 ? void 0 : { cause: init.cause });
    this.name = "DocgenError";
    this.code = init.code;
    this.hint = init.hint;
    this.file = init.file;
    this.line = init.line;
    this.column = init.column;
    this.frame = init.frame;
    this.severity = init.severity ?? "error";
  }
  /** Plain JSON for `--json` output, the dev overlay and the build's worker threads (issue #8). */
  toJSON() {
    const { code, message, hint, file, line, column, frame, severity } = this;
    return { code, message, hint, file, line, column, frame, ...severity === "warning" ? { severity } : {} };
  }
  /**
   * The error again from its toJSON() form, e.g. after it crossed a worker thread boundary (structured clone keeps
   * only an Error's message and stack, so workers send toJSON() and the main thread revives it here).
   * @param init plain fields as toJSON() returns them; `cause` does not cross (it is not printed)
   */
  static fromJSON(init) {
    return new _DocgenError(init);
  }
};

// src/node/openapi/markdown.ts
import { toHtml } from "hast-util-to-html";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { visit } from "unist-util-visit";
import { VFile } from "vfile";

// src/node/markdown/context.ts
var DEFAULT_POLICIES = { onBrokenLinks: "throw", onBrokenAnchors: "warn", onUnknownFrontMatter: "ignore", onDroppedHtml: "warn", onUnknownComponent: "throw" };
function reportAt(ctx, source, node, code, message, severity = "error") {
  const line = node.position?.start.line;
  const column = node.position?.start.column;
  const file = node.data?.docgenFile ?? ctx.file;
  const text3 = file === ctx.file ? source : ctx.partialSources?.get(file) ?? "";
  ctx.errors.push(new DocgenError({ code, message, file, line, column, frame: line && text3 ? codeFrame(text3, line, column) : void 0, severity }));
}
function reportByPolicy(ctx, source, node, code, message, policy) {
  if (policy !== "ignore") reportAt(ctx, source, node, code, message, policy === "throw" ? "error" : "warning");
}

// src/node/markdown/rehype-author-html.ts
import { randomBytes } from "node:crypto";
import { raw } from "hast-util-raw";
import { find as find2, html as html2 } from "property-information";

// src/node/markdown/badge.ts
var TYPES = { info: "info", tip: "tip", warning: "warning", danger: "danger", note: "info", default: "info", success: "tip", caution: "warning" };
function badgeClassName(type) {
  return ["dg-badge", `dg-badge--${TYPES[String(type ?? "info").toLowerCase()] ?? "info"}`];
}
function rawBadge(element2) {
  const { text: text3, type, variant } = element2.properties;
  const label = typeof text3 === "string" ? [{ type: "text", value: text3 }] : element2.children;
  const badge = { type: "element", tagName: "span", properties: { className: badgeClassName(type ?? variant) }, children: label, position: element2.position };
  return typeof text3 === "string" ? [badge, ...element2.children] : [badge];
}

// src/node/markdown/html-allow-list.ts
import { defaultSchema, sanitize } from "hast-util-sanitize";
import { find, html } from "property-information";
var DROP_WITH_CONTENT = /* @__PURE__ */ new Set([
  "script",
  "style",
  "noscript",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "noembed",
  "noframes",
  "xmp",
  "plaintext",
  "title",
  "svg",
  "math",
  "base",
  "meta",
  "link",
  "head"
]);
var MEDIA = ["src", "width", "height", "title"];
var AUTHOR_HTML_SCHEMA = {
  ...defaultSchema,
  tagNames: [...defaultSchema.tagNames, "figure", "figcaption", "video", "track", "iframe", "abbr", "mark", "small", "u", "cite", "dfn", "caption", "col", "colgroup", "wbr"],
  attributes: {
    ...defaultSchema.attributes,
    // `name` clobbers document.*; form attributes have no form to act on (forms are not allowed)
    "*": defaultSchema.attributes["*"].filter((name) => typeof name !== "string" || !["name", "action", "method", "encType", "acceptCharset", "accept"].includes(name)),
    video: [...MEDIA, "poster", "controls", "loop", "muted", "playsInline", "preload", "autoPlay"],
    source: [...defaultSchema.attributes.source, "src", "type", "media", "sizes"],
    track: ["src", "kind", "srcLang", "label", "default"],
    iframe: [...MEDIA, "allow", "allowFullScreen", "loading", "referrerPolicy"]
  },
  protocols: { ...defaultSchema.protocols, poster: ["http", "https"] },
  // Checked one element at a time, so no element sees its ancestors: the HTML parser already puts `td` in a table.
  ancestors: {},
  clobber: [],
  clobberPrefix: ""
};
function sanitizeAuthorElement(element2, options) {
  const tag = element2.tagName.toLowerCase();
  if (tag === "iframe") {
    if (!allowedFrame(element2.properties.src, options.iframeOrigins)) {
      return { keep: "nothing", dropped: [`<iframe ${describeAttribute("src", element2.properties.src)}> (not on an origin listed in markdown.iframeOrigins)`] };
    }
    element2.children = [];
  } else if (DROP_WITH_CONTENT.has(tag)) {
    return { keep: "nothing", dropped: [`<${tag}> and its content`] };
  } else if (tag === "template") {
    const content = element2.content;
    if (content) element2.children = content.children;
    return { keep: "children", dropped: ["<template> (its content is kept)"] };
  }
  const properties = Object.fromEntries(Object.entries(element2.properties).map(([key, value]) => [find(html, key).property, value]));
  if (tag === "a" && typeof properties.name === "string" && properties.id === void 0) {
    properties.id = properties.name;
    delete properties.name;
  }
  const clean = sanitize({ type: "root", children: [{ type: "element", tagName: tag, properties, children: [] }] }, AUTHOR_HTML_SCHEMA);
  const kept = clean.type === "root" ? clean.children[0] : void 0;
  if (!kept || kept.type !== "element") return { keep: "children", dropped: [`<${tag}> (its content is kept)`] };
  if (typeof kept.properties.id === "string" && reservedId(kept.properties.id)) delete kept.properties.id;
  const dropped = Object.keys(properties).filter((key) => JSON.stringify(properties[key]) !== JSON.stringify(kept.properties[key]));
  element2.properties = kept.properties;
  return { keep: "element", dropped: dropped.map((key) => describeAttribute(find(html, key).attribute, properties[key])) };
}
function reservedId(id) {
  return /^(dg-|__)/i.test(id);
}
function allowedFrame(src, origins) {
  if (typeof src !== "string") return false;
  try {
    const url = new URL(src);
    return url.protocol === "https:" && origins.includes(url.origin);
  } catch {
    return false;
  }
}
function describeAttribute(name, value) {
  if (value === true || value === "" || value === void 0 || value === null) return name;
  const text3 = Array.isArray(value) ? value.join(" ") : String(value);
  const shown = JSON.stringify(text3.length > 40 ? `${text3.slice(0, 40)}\u2026` : text3);
  return `${name}=${shown}`;
}

// src/node/markdown/walk.ts
import { SKIP } from "unist-util-visit";
function walk(tree, testOrVisitor, maybeVisitor) {
  const test = typeof testOrVisitor === "string" ? testOrVisitor : void 0;
  const visitor = typeof testOrVisitor === "string" ? maybeVisitor : testOrVisitor;
  const visit2 = (node, index, parent) => {
    const result = test === void 0 || node.type === test ? visitor(node, index, parent) : void 0;
    const action = Array.isArray(result) ? result[0] : result;
    const children = node.children;
    if (children && action !== SKIP) {
      const self = node;
      let offset = 0;
      while (offset > -1 && offset < self.children.length) {
        const next = visit2(self.children[offset], offset, self);
        const jump = Array.isArray(next) ? next[1] : next;
        offset = typeof jump === "number" ? jump : offset + 1;
      }
    }
    return result;
  };
  visit2(tree, void 0, void 0);
}

// src/node/markdown/rehype-author-html.ts
function rehypeAuthorHtml() {
  const attribute = "data-dg-trusted-" + [...randomBytes(12)].map((byte) => String.fromCharCode(97 + byte % 26)).join("");
  const mark = find2(html2, attribute).property;
  return (tree, file) => {
    if (!hasRaw(tree)) return tree;
    const trusted = [];
    walk(tree, "element", (node) => {
      trusted.push(node.properties);
      node.properties = { ...node.properties, [mark]: String(trusted.length - 1) };
    });
    const parsed = raw(tree, { file });
    const ctx = file.data.docgen;
    const options = { iframeOrigins: ctx.iframeOrigins };
    const policy = ctx.policies.onDroppedHtml;
    const report = (node, dropped) => {
      const message = `Raw HTML dropped: ${dropped}. docgen keeps only the HTML on its allow-list (SECURITY.md, "Raw HTML"); write it in Markdown, or set onDroppedHtml to 'ignore' to accept the drop silently.`;
      reportByPolicy(ctx, String(file.value), node, "DroppedHtml", message, policy);
    };
    cleanChildren(parsed, { mark, trusted, options, report, at: parsed });
    return parsed;
  };
}
function cleanChildren(parent, state) {
  const kept = [];
  for (const child of parent.children) {
    if (child.type === "comment" || child.type === "doctype") continue;
    if (child.type !== "element") {
      kept.push(child);
      continue;
    }
    const at = child.position ? child : state.at;
    const original = state.trusted[Number(child.properties[state.mark])];
    if (state.mark in child.properties && original) {
      child.properties = original;
      cleanChildren(child, { ...state, at });
      kept.push(child);
      continue;
    }
    if (child.tagName === "badge") {
      cleanChildren(child, { ...state, at });
      kept.push(...rawBadge(child));
      continue;
    }
    const result = sanitizeAuthorElement(child, state.options);
    if (result.dropped.length > 0) state.report(at, result.keep === "element" ? `${result.dropped.join(" ")} on <${child.tagName}>` : result.dropped.join(", "));
    if (result.keep === "nothing") continue;
    cleanChildren(child, { ...state, at });
    if (result.keep === "children") kept.push(...child.children);
    else kept.push(child);
  }
  parent.children = kept;
}
function hasRaw(tree) {
  let found = false;
  walk(tree, "raw", () => {
    found = true;
  });
  return found;
}

// src/node/openapi/trivial-markdown.ts
var DECLINE = /[*[\]<\\~\u0000-\u0008\u000b-\u001f\u007f\r\t@]|:\/\/|www\.|&#?[A-Za-z0-9]+;/i;
var LINE_DECLINE = /^(?:[-+#>=|:~<!]|[*_](?![*_]?[A-Za-z0-9])|\d{1,9}[.)])|^\s|\s$/;
var LINK = /(?<!!)\[([^\][()`\n]+)\]\(((?:https?:\/\/|\/|#|\.{1,2}\/)(?:[-A-Za-z0-9._~:/?#=+,@]|%[0-9A-Fa-f]{2})*)\)/g;
var LINK_SLOT = /\u0001(\d+)\u0002/g;
var CODE_SLOT = /\u0003(\d+)\u0004/g;
var EMPHASIS = /(?<=^|[\s(])(\*\*|__|\*|_)([A-Za-z0-9](?:[^*_\n]*[A-Za-z0-9.:)])?)\1(?=$|[\s.,:;!?)])/g;
var EMPHASIS_SLOT = /\u0005(\d+)\u0006/g;
function escape(text3) {
  return text3.replace(/&/g, "&#x26;").replace(/</g, "&#x3C;");
}
function renderInline(paragraph) {
  const parts = paragraph.split("`");
  if (parts.length % 2 === 0) return void 0;
  const codes = [];
  let text3 = parts[0];
  for (let i = 1; i < parts.length; i += 2) {
    const code = parts[i];
    if (code === "" || code.includes("\n") || /^ | $/.test(code) || /[\u0000-\u0008\u000b-\u001f\u007f]/.test(code)) return void 0;
    codes.push(`<code>${escape(code)}</code>`);
    text3 += `${codes.length - 1}${parts[i + 1]}`;
  }
  const html3 = renderText(text3);
  return html3?.replace(CODE_SLOT, (_slot, i) => codes[Number(i)]);
}
function renderText(text3) {
  const links = [];
  let declined = false;
  const slotted = text3.replace(LINK, (_match, label, url) => {
    if (/^\s|\s$/.test(label) || !isPlain(label)) declined = true;
    links.push(`<a href="${escape(url)}"${/^https?:/.test(url) ? ' rel="noopener noreferrer"' : ""}>${escape(label)}</a>`);
    return `${links.length - 1}`;
  });
  if (declined) return void 0;
  const spans = [];
  const outer = slotted.replace(EMPHASIS, (_match, marker, content) => {
    if (!isPlain(content.replace(LINK_SLOT, " "))) declined = true;
    const tag = marker.length === 2 ? "strong" : "em";
    spans.push(`<${tag}>${escape(content)}</${tag}>`);
    return `${spans.length - 1}`;
  });
  if (declined || !isPlain(outer.replace(LINK_SLOT, " ").replace(EMPHASIS_SLOT, " "))) return void 0;
  return escape(outer).replace(EMPHASIS_SLOT, (_slot, i) => spans[Number(i)]).replace(LINK_SLOT, (_slot, i) => links[Number(i)]);
}
function isPlain(text3) {
  const bare = text3.replace(CODE_SLOT, " ");
  return !DECLINE.test(bare) && !bare.replace(/(?<=[A-Za-z0-9])_+(?=[A-Za-z0-9])/g, "").includes("_");
}
function renderTrivialMarkdown(markdown) {
  if (/[\u0000-\u0008]/.test(markdown)) return void 0;
  const blocks = markdown.replace(/^\s*\n/, "").trimEnd().split(/\n\n+/);
  const html3 = [];
  let afterList = false;
  for (const block of blocks) {
    const lines = block.split("\n");
    let items = lines.findIndex((line) => line.startsWith("- "));
    if (items === -1) items = lines.length;
    else if (items === 0 && afterList) return void 0;
    if (items > 0) {
      const paragraph = lines.slice(0, items);
      const inline = paragraph.some((line) => LINE_DECLINE.test(line)) ? void 0 : renderInline(paragraph.join("\n"));
      if (inline === void 0) return void 0;
      html3.push(`<p>${inline}</p>`);
    }
    afterList = items < lines.length;
    if (afterList) {
      const list = renderList(lines.slice(items));
      if (list === void 0) return void 0;
      html3.push(list);
    }
  }
  return html3.join("\n");
}
function renderList(lines) {
  let html3 = "<ul>\n";
  for (const line of lines) {
    const content = line.startsWith("- ") ? line.slice(2) : "";
    const inline = content === "" || LINE_DECLINE.test(content) ? void 0 : renderInline(content);
    if (inline === void 0) return void 0;
    html3 += `<li>${inline}</li>
`;
  }
  return html3 + "</ul>";
}

// src/node/openapi/markdown.ts
var SAFE_SCHEME = /^(https?|mailto|tel):/i;
var URL_PROPS = ["href", "src", "cite", "action", "formAction", "poster", "srcSet"];
function isSafeUrl(url) {
  const cleaned = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
  const colon = cleaned.indexOf(":");
  if (colon === -1) return true;
  const firstDelimiter = cleaned.search(/[/?#]/);
  if (firstDelimiter !== -1 && firstDelimiter < colon) return true;
  return SAFE_SCHEME.test(cleaned);
}
function rehypeSafeUrls() {
  return (tree) => {
    visit(tree, "element", (node) => {
      for (const prop of URL_PROPS) {
        const value = node.properties[prop];
        if (typeof value === "string" && !isSafeUrl(value)) delete node.properties[prop];
      }
      if (node.tagName === "a" && typeof node.properties.href === "string" && /^https?:/i.test(node.properties.href)) {
        node.properties.rel = ["noopener", "noreferrer"];
      }
    });
  };
}
var processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype, { allowDangerousHtml: true }).use(rehypeAuthorHtml).use(rehypeSafeUrls).freeze();
function descriptionContext(dropped) {
  return { file: "", policies: { ...DEFAULT_POLICIES, onDroppedHtml: "warn" }, iframeOrigins: [], errors: dropped };
}
var PLAIN = /^[^`*_[\]<>#|~\\!&:\n\r-]*$/;
function escapeHtml(text3) {
  return text3.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
function renderWithParser(markdown) {
  const dropped = [];
  const file = new VFile({ value: markdown, data: { docgen: descriptionContext(dropped) } });
  const html3 = toHtml(processor.runSync(processor.parse(file), file));
  if (dropped.length > 0) droppedHtml.set(markdown, dropped.map((error) => /^Raw HTML dropped: (.*?)\. docgen keeps/.exec(error.message)?.[1] ?? error.message));
  return html3;
}
var droppedHtml = /* @__PURE__ */ new Map();
function takeDroppedHtml() {
  const taken = new Map(droppedHtml);
  droppedHtml.clear();
  return taken;
}
function renderWithoutParser(markdown) {
  const trimmed = markdown.trim();
  if (trimmed === "") return "";
  if (PLAIN.test(trimmed)) return `<p>${escapeHtml(trimmed)}</p>`;
  return renderTrivialMarkdown(markdown);
}
function needsParser(markdown) {
  return renderWithoutParser(markdown) === void 0;
}
function collectDescriptions(doc) {
  const found = /* @__PURE__ */ new Set();
  const stack = [doc];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (node !== null && typeof node === "object") {
      for (const [key, value] of Object.entries(node)) {
        if (key === "description" && typeof value === "string") {
          if (needsParser(value)) found.add(value);
        } else if (value !== null && typeof value === "object") stack.push(value);
      }
    }
  }
  return [...found];
}
function createDeferredMarkdownRenderer() {
  const now = createMarkdownRenderer();
  const placeholders = /* @__PURE__ */ new Map();
  const placeholderOf = /* @__PURE__ */ new Map();
  return {
    markdown(markdown) {
      if (typeof markdown !== "string" || !needsParser(markdown)) return now(markdown);
      let placeholder = placeholderOf.get(markdown);
      if (placeholder === void 0) {
        placeholder = `\0dg-markdown:${placeholders.size}\0`;
        placeholders.set(placeholder, markdown);
        placeholderOf.set(markdown, placeholder);
      }
      return placeholder;
    },
    fill(model, rendered) {
      const htmlOf = (placeholder) => {
        const text3 = placeholders.get(placeholder);
        return rendered.get(text3) ?? now(text3);
      };
      const stack = [model];
      while (stack.length > 0) {
        const node = stack.pop();
        for (const [key, value] of Object.entries(node)) {
          if (typeof value === "string") {
            if (placeholders.has(value)) node[key] = htmlOf(value);
          } else if (value !== null && typeof value === "object") stack.push(value);
        }
      }
    }
  };
}
function renderClaimed(texts, claim) {
  const render = createMarkdownRenderer();
  const next = new Int32Array(claim);
  const html3 = /* @__PURE__ */ new Map();
  for (let i = Atomics.add(next, 0, 1); i < texts.length; i = Atomics.add(next, 0, 1)) html3.set(i, render(texts[i]));
  return html3;
}
function createMarkdownRenderer() {
  const cache = /* @__PURE__ */ new Map();
  return (markdown) => {
    if (typeof markdown !== "string") return "";
    let html3 = cache.get(markdown);
    if (html3 === void 0) {
      html3 = renderWithoutParser(markdown) ?? renderWithParser(markdown);
      cache.set(markdown, html3);
    }
    return html3;
  };
}

// src/node/openapi/resolve.ts
function escapePointer(segment) {
  return String(segment).replace(/~/g, "~0").replace(/\//g, "~1");
}
function splitPointer(pointer) {
  const p = pointer.replace(/^#/, "");
  if (p === "") return [];
  return p.slice(1).split("/").map((s) => decodeURIComponent(s).replace(/~1/g, "/").replace(/~0/g, "~"));
}
function joinPointer(pointer, ...segments) {
  return pointer + segments.map((s) => "/" + escapePointer(s)).join("");
}
function getAt(doc, pointer) {
  let node = doc;
  for (const segment of splitPointer(pointer)) {
    if (node === null || typeof node !== "object") return void 0;
    node = node[segment];
  }
  return node;
}
function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
var ExternalRefError = class extends Error {
  constructor(ref, pointer) {
    super(`external $ref ${ref} at ${pointer}`);
    this.ref = ref;
    this.pointer = pointer;
  }
  ref;
  pointer;
};
function createResolver(doc) {
  const hops = /* @__PURE__ */ new Map();
  const hop = (ref) => {
    let found = hops.get(ref);
    if (!found) {
      const at = ref.slice(1);
      const match = /^\/components\/([^/]+)\/([^/]+)$/.exec(at);
      found = { at, component: match ? { kind: match[1], name: splitPointer(at)[2] } : void 0, value: getAt(doc, at) };
      hops.set(ref, found);
    }
    return found;
  };
  return (value, pointer) => {
    let current = value;
    let at = pointer;
    let component;
    for (let count = 0; isObject(current) && typeof current.$ref === "string" && count < 32; count++) {
      const ref = current.$ref;
      if (!ref.startsWith("#")) throw new ExternalRefError(ref, at);
      const next = hop(ref);
      at = next.at;
      component = next.component;
      current = next.value;
    }
    return { value: isObject(current) ? current : {}, pointer: at, component };
  };
}

// src/node/openapi/handlers/context.ts
function schemaAnchor(name) {
  return `schema/${name}`;
}
function securityAnchor(key) {
  return `security/${key}`;
}
function tagAnchor(name) {
  return `tag/${name.replace(/\s+/g, "-")}`;
}

// src/node/openapi/handlers/methods.ts
var METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

// src/node/openapi/handlers/media.ts
import { sample } from "openapi-sampler";

// src/node/openapi/handlers/schema.ts
var MAX_DEPTH = 10;
var json = (value) => JSON.stringify(value);
function componentName(ctx, raw2, pointer) {
  const target = ctx.resolve(raw2, pointer);
  return { name: target.component?.kind === "schemas" ? target.component.name : void 0, value: target.value, pointer: target.pointer };
}
function schemaSize(ctx, name, visiting = /* @__PURE__ */ new Set()) {
  const known = ctx.schemaSizes.get(name);
  if (known !== void 0) return known;
  if (visiting.has(name)) return 1;
  visiting.add(name);
  const size = measure(ctx, ctx.resolve({ $ref: `#/components/schemas/${name}` }, "").value, visiting);
  visiting.delete(name);
  ctx.schemaSizes.set(name, size);
  return size;
}
function measure(ctx, raw2, visiting) {
  if (!isObject(raw2)) return 1;
  if (typeof raw2.$ref === "string") {
    const target = componentName(ctx, raw2, "");
    if (target.name) return schemaSize(ctx, target.name, visiting);
    if (visiting.has(target.pointer)) return 1;
    visiting.add(target.pointer);
    const size = measure(ctx, target.value, visiting);
    visiting.delete(target.pointer);
    return size;
  }
  let n = 1;
  if (isObject(raw2.properties)) for (const p of Object.values(raw2.properties)) n += measure(ctx, p, visiting);
  for (const key of ["allOf", "oneOf", "anyOf"]) if (Array.isArray(raw2[key])) for (const s of raw2[key]) n += measure(ctx, s, visiting);
  if (isObject(raw2.items)) n += measure(ctx, raw2.items, visiting);
  if (isObject(raw2.additionalProperties)) n += measure(ctx, raw2.additionalProperties, visiting);
  return n;
}
function modelSchema(ctx, raw2, pointer, state = { stack: [], depth: 0 }) {
  if (isObject(raw2) && typeof raw2.$ref === "string") {
    const target = componentName(ctx, raw2, pointer);
    if (target.name) {
      const name = target.name;
      if (state.stack.includes(name)) {
        ctx.referencedSchemas.add(name);
        return { kind: "recursive", pointer: target.pointer, type: typeOf(target.value), refName: name, refAnchor: schemaAnchor(name), constraints: {} };
      }
      if (state.depth >= MAX_DEPTH || schemaSize(ctx, name) > ctx.inlineBudget) {
        ctx.referencedSchemas.add(name);
        return {
          kind: "ref",
          pointer: target.pointer,
          type: typeOf(target.value),
          refName: name,
          refAnchor: schemaAnchor(name),
          descriptionHtml: ctx.markdown(raw2.description ?? target.value.description) || void 0,
          readOnly: target.value.readOnly === true || void 0,
          writeOnly: target.value.writeOnly === true || void 0,
          nullable: target.value.nullable === true || void 0,
          constraints: {}
        };
      }
      const node = { ...expandNamed(ctx, name, target, state) };
      node.refName = name;
      if (typeof raw2.description === "string") node.descriptionHtml = ctx.markdown(raw2.description) || void 0;
      return node;
    }
    if (state.stack.includes(target.pointer)) {
      const last = splitPointer(target.pointer).at(-1) ?? "";
      return { kind: "recursive", pointer: target.pointer, type: typeOf(target.value), .../^\d*$/.test(last) ? {} : { refName: last }, constraints: {} };
    }
    return modelResolved(ctx, target.value, target.pointer, { stack: [...state.stack, target.pointer], depth: state.depth });
  }
  return modelResolved(ctx, isObject(raw2) ? raw2 : {}, pointer, state);
}
function expandNamed(ctx, name, target, state) {
  const key = `${name}\0${state.depth}\0${state.stack.join("\0")}`;
  let node = ctx.expandedSchemas.get(key);
  if (!node) {
    node = modelResolved(ctx, target.value, target.pointer, { stack: [...state.stack, name], depth: state.depth });
    ctx.expandedSchemas.set(key, node);
  }
  return node;
}
function modelNamedSchema(ctx, name) {
  const target = componentName(ctx, { $ref: `#/components/schemas/${name}` }, "");
  const node = { ...expandNamed(ctx, name, target, { stack: [], depth: 0 }) };
  node.refName = name;
  return node;
}
function modelResolved(ctx, schema, pointer, state, propertyPointers) {
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0) {
    if (schema.allOf.length === 1 && !isObject(schema.properties)) {
      const inner = modelSchema(ctx, schema.allOf[0], joinPointer(pointer, "allOf", 0), state);
      return withOverrides(ctx, inner, schema);
    }
    const merged = mergeAllOf(ctx, schema, pointer, new Set(state.stack));
    return modelResolved(ctx, merged.schema, pointer, state, merged.propertyPointers);
  }
  return modelPlain(ctx, schema, pointer, state, propertyPointers);
}
function withOverrides(ctx, node, schema) {
  if (typeof schema.description === "string") node.descriptionHtml = ctx.markdown(schema.description) || void 0;
  if (schema.readOnly === true) node.readOnly = true;
  if (schema.writeOnly === true) node.writeOnly = true;
  if (schema.nullable === true) node.nullable = true;
  if (schema.deprecated === true) node.deprecated = true;
  if (schema.default !== void 0) node.constraints = { ...node.constraints, default: json(schema.default) };
  return node;
}
function mergeAllOf(ctx, schema, pointer, seen) {
  const out = { ...schema };
  delete out.allOf;
  const properties = {};
  const propertyPointers = /* @__PURE__ */ new Map();
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const addFrom = (part, at) => {
    if (isObject(part.properties)) {
      for (const [name, value] of Object.entries(part.properties)) {
        properties[name] = value;
        propertyPointers.set(name, joinPointer(at, "properties", name));
      }
    }
    if (Array.isArray(part.required)) for (const r of part.required) required.add(String(r));
    for (const [key, value] of Object.entries(part)) if (!["properties", "required", "allOf"].includes(key) && out[key] === void 0) out[key] = value;
  };
  schema.allOf.forEach((part, i) => {
    const target = componentName(ctx, part, joinPointer(pointer, "allOf", i));
    const key = target.name ?? target.pointer;
    if (seen.has(key)) return;
    const nested = Array.isArray(target.value.allOf) ? mergeAllOf(ctx, target.value, target.pointer, /* @__PURE__ */ new Set([...seen, key])) : null;
    if (nested) {
      addFrom(nested.schema, target.pointer);
      for (const [name, p] of nested.propertyPointers) propertyPointers.set(name, p);
    } else addFrom(target.value, target.pointer);
  });
  addFrom(schema, pointer);
  if (Object.keys(properties).length > 0) out.properties = properties;
  if (required.size > 0) out.required = [...required];
  if (out.type === void 0 && out.properties) out.type = "object";
  return { schema: out, propertyPointers };
}
function typeOf(schema) {
  const type = schema.type;
  if (Array.isArray(type)) return type.join(" | ");
  if (typeof type === "string") return type;
  if (isObject(schema.properties) || schema.additionalProperties !== void 0) return "object";
  if (schema.items !== void 0) return "array";
  if (Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)) return "";
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return typeof schema.enum[0];
  if (schema.const !== void 0) return typeof schema.const;
  return "any";
}
function constraintsOf(schema) {
  const c = {};
  if (schema.default !== void 0) c.default = json(schema.default);
  if (Array.isArray(schema.enum)) c.enum = schema.enum.map(json);
  if (schema.const !== void 0) c.const = json(schema.const);
  if (typeof schema.pattern === "string") c.pattern = schema.pattern;
  if (typeof schema.format === "string") c.format = schema.format;
  if (typeof schema.minimum === "number") schema.exclusiveMinimum === true ? c.exclusiveMinimum = json(schema.minimum) : c.minimum = json(schema.minimum);
  if (typeof schema.maximum === "number") schema.exclusiveMaximum === true ? c.exclusiveMaximum = json(schema.maximum) : c.maximum = json(schema.maximum);
  if (typeof schema.exclusiveMinimum === "number") c.exclusiveMinimum = json(schema.exclusiveMinimum);
  if (typeof schema.exclusiveMaximum === "number") c.exclusiveMaximum = json(schema.exclusiveMaximum);
  if (typeof schema.multipleOf === "number") c.multipleOf = json(schema.multipleOf);
  for (const key of ["minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties"]) {
    if (typeof schema[key] === "number") c[key] = schema[key];
  }
  if (schema.uniqueItems === true) c.uniqueItems = true;
  return c;
}
function isNullSchema(raw2) {
  return isObject(raw2) && (raw2.type === "null" || Array.isArray(raw2.type) && raw2.type.length === 1 && raw2.type[0] === "null") && Object.keys(raw2).length <= 2;
}
function modelPlain(ctx, schema, pointer, state, propertyPointers) {
  const child = { stack: state.stack, depth: state.depth + 1 };
  const node = {
    kind: "primitive",
    pointer,
    type: typeOf(schema),
    title: typeof schema.title === "string" ? schema.title : void 0,
    descriptionHtml: ctx.markdown(schema.description) || void 0,
    nullable: schema.nullable === true || Array.isArray(schema.type) && schema.type.includes("null") || void 0,
    readOnly: schema.readOnly === true || void 0,
    writeOnly: schema.writeOnly === true || void 0,
    deprecated: schema.deprecated === true || void 0,
    constraints: constraintsOf(schema)
  };
  const unionKey = Array.isArray(schema.oneOf) ? "oneOf" : Array.isArray(schema.anyOf) ? "anyOf" : void 0;
  if (unionKey) {
    const list = schema[unionKey];
    const kept = list.map((raw2, i) => ({ raw: raw2, i })).filter(({ raw: raw2 }) => !isNullSchema(raw2));
    if (kept.length < list.length) node.nullable = true;
    if (kept.length === 1 && !isObject(schema.properties)) {
      const only = modelSchema(ctx, kept[0].raw, joinPointer(pointer, unionKey, kept[0].i), state);
      return { ...only, nullable: true, descriptionHtml: node.descriptionHtml ?? only.descriptionHtml };
    }
    node.kind = "union";
    node.unionKind = unionKey;
    node.variants = modelVariants(ctx, schema, kept, joinPointer(pointer, unionKey), child);
    const discriminator = isObject(schema.discriminator) ? schema.discriminator.propertyName : void 0;
    if (typeof discriminator === "string") node.discriminator = discriminator;
  }
  if (isObject(schema.properties) || node.type === "object" || node.type.includes("object") && !unionKey) {
    if (node.kind !== "union") node.kind = "object";
    const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
    node.properties = Object.entries(isObject(schema.properties) ? schema.properties : {}).map(
      ([name, raw2]) => ({
        name,
        required: required.has(name),
        schema: modelSchema(ctx, raw2, propertyPointers?.get(name) ?? joinPointer(pointer, "properties", name), child)
      })
    );
    if (schema.additionalProperties === false) node.additionalProperties = false;
    else if (isObject(schema.additionalProperties) && Object.keys(schema.additionalProperties).length > 0) {
      node.additionalProperties = modelSchema(ctx, schema.additionalProperties, joinPointer(pointer, "additionalProperties"), child);
    }
  } else if (schema.items !== void 0 || node.type === "array") {
    node.kind = "array";
    if (isObject(schema.items)) {
      node.items = modelSchema(ctx, schema.items, joinPointer(pointer, "items"), child);
      node.type = `${node.items.refName ?? (node.items.type || "any")}[]`;
    }
  }
  return node;
}
function modelVariants(ctx, schema, list, pointer, state) {
  const mapping = isObject(schema.discriminator) && isObject(schema.discriminator.mapping) ? schema.discriminator.mapping : {};
  const byRef = new Map(Object.entries(mapping).map(([value, ref]) => [ref, value]));
  const used = /* @__PURE__ */ new Set();
  return list.map(({ raw: raw2, i }) => {
    const target = componentName(ctx, raw2, joinPointer(pointer, i));
    const ref = isObject(raw2) && typeof raw2.$ref === "string" ? raw2.$ref : void 0;
    let label = (ref && byRef.get(ref)) ?? target.name ?? (typeof target.value.title === "string" ? target.value.title : "") ?? "";
    if (!label) label = typeOf(target.value) || null;
    if (label !== null && used.has(label)) label = `${label} (${i + 1})`;
    if (label !== null) used.add(label);
    return { label, schema: modelSchema(ctx, raw2, joinPointer(pointer, i), state) };
  });
}

// src/node/openapi/handlers/media.ts
var MAX_RESPONSE_EXAMPLE = 3e3;
function cut(example, direction) {
  if (direction !== "response" || example.value.length <= MAX_RESPONSE_EXAMPLE) return example;
  return { ...example, value: example.value.slice(0, MAX_RESPONSE_EXAMPLE), truncated: true };
}
function serialize(mediaType2, value) {
  if (typeof value === "string" && !/json/i.test(mediaType2)) return value;
  return JSON.stringify(value, null, 2) ?? "";
}
function sampleSchema(ctx, schema, direction) {
  if (!isObject(schema)) return void 0;
  try {
    return sample(schema, { skipReadOnly: direction === "request", skipWriteOnly: direction === "response", quiet: true, maxSampleDepth: 6 }, ctx.doc);
  } catch {
    return void 0;
  }
}
function givenExamples(ctx, media, pointer, mediaType2) {
  if (isObject(media.examples)) {
    return Object.entries(media.examples).map(([name, raw2]) => {
      const example = ctx.resolve(raw2, joinPointer(pointer, "examples", name)).value;
      return { name, summary: typeof example.summary === "string" ? example.summary : name, value: serialize(mediaType2, example.value), generated: false };
    });
  }
  if (media.example !== void 0) return [{ name: "example", summary: null, value: serialize(mediaType2, media.example), generated: false }];
  const schema = ctx.resolve(media.schema, joinPointer(pointer, "schema")).value;
  if (schema.example !== void 0) return [{ name: "example", summary: null, value: serialize(mediaType2, schema.example), generated: false }];
  return [];
}
function modelMediaType(ctx, options) {
  const { mediaType: mediaType2, pointer, direction } = options;
  const media = isObject(options.raw) ? options.raw : {};
  const model = { mediaType: mediaType2, pointer, examples: [] };
  if (media.schema !== void 0) model.schema = modelSchema(ctx, media.schema, joinPointer(pointer, "schema"));
  model.examples = givenExamples(ctx, media, pointer, mediaType2);
  if (model.examples.length === 0 && options.generate && media.schema !== void 0) {
    const value = sampleSchema(ctx, media.schema, direction);
    if (value !== void 0) {
      model.examples.push({ name: "generated", summary: null, value: serialize(mediaType2, value), generated: true });
    }
  }
  model.examples = model.examples.map((e) => cut(e, direction));
  return model;
}

// src/node/openapi/handlers/parameter.ts
var LOCATIONS = /* @__PURE__ */ new Set(["path", "query", "header", "cookie"]);
function exampleText(value) {
  if (value === void 0 || value === null) return "";
  if (Array.isArray(value)) return value.map((v) => typeof v === "object" ? JSON.stringify(v) : String(v)).join(",");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}
function exampleOf(ctx, param, pointer) {
  if (param.example !== void 0) return exampleText(param.example);
  if (isObject(param.examples)) {
    const [name, first] = Object.entries(param.examples)[0] ?? [];
    if (name) return exampleText(ctx.resolve(first, joinPointer(pointer, "examples", name)).value.value);
  }
  const schema = ctx.resolve(param.schema, joinPointer(pointer, "schema")).value;
  if (schema.example !== void 0) return exampleText(schema.example);
  if (schema.default !== void 0) return exampleText(schema.default);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return exampleText(schema.enum[0]);
  return param.required === true ? exampleText(sampleSchema(ctx, param.schema, "request")) : "";
}
function modelParameter(ctx, raw2, pointer) {
  const { value: param, pointer: at } = ctx.resolve(raw2, pointer);
  if (typeof param.name !== "string" || !LOCATIONS.has(String(param.in))) return void 0;
  const mediaSchema = isObject(param.content) ? Object.entries(param.content)[0] : void 0;
  const schemaRaw = param.schema ?? (isObject(mediaSchema?.[1]) ? mediaSchema[1].schema : void 0);
  return {
    name: param.name,
    in: param.in,
    pointer: at,
    required: param.required === true || param.in === "path",
    deprecated: param.deprecated === true,
    descriptionHtml: ctx.markdown(param.description),
    schema: schemaRaw === void 0 ? void 0 : modelSchema(ctx, schemaRaw, joinPointer(at, param.schema ? "schema" : "content")),
    example: exampleOf(ctx, param, at)
  };
}
function parameterKey(ctx, raw2) {
  const p = ctx.resolve(raw2, "").value;
  return `${String(p.in)}:${String(p.name)}`;
}

// src/node/openapi/handlers/request-body.ts
function modelRequestBody(ctx, raw2, pointer) {
  const { value: body, pointer: at } = ctx.resolve(raw2, pointer);
  const content = isObject(body.content) ? body.content : {};
  return {
    pointer: at,
    required: body.required === true,
    descriptionHtml: ctx.markdown(body.description),
    contents: Object.entries(content).map(
      ([mediaType2, media]) => modelMediaType(ctx, { mediaType: mediaType2, raw: media, pointer: joinPointer(at, "content", mediaType2), direction: "request", generate: true })
    )
  };
}

// src/node/openapi/handlers/response.ts
function modelResponse(ctx, options) {
  const { value: response, pointer: at } = ctx.resolve(options.raw, options.pointer);
  const headers = Object.entries(isObject(response.headers) ? response.headers : {}).map(([name, rawHeader]) => {
    const { value: header, pointer: headerAt } = ctx.resolve(rawHeader, joinPointer(at, "headers", name));
    return {
      name,
      descriptionHtml: ctx.markdown(header.description),
      schema: header.schema === void 0 ? void 0 : modelSchema(ctx, header.schema, joinPointer(headerAt, "schema"))
    };
  });
  return {
    status: options.status,
    pointer: at,
    descriptionHtml: ctx.markdown(response.description),
    headers,
    contents: Object.entries(isObject(response.content) ? response.content : {}).map(
      ([mediaType2, media]) => modelMediaType(ctx, { mediaType: mediaType2, raw: media, pointer: joinPointer(at, "content", mediaType2), direction: "response", generate: options.generate })
    )
  };
}

// src/node/openapi/handlers/security.ts
function kindOf(scheme) {
  const type = String(scheme.type ?? "");
  if (type === "http") {
    const name = String(scheme.scheme ?? "").toLowerCase();
    if (name === "bearer") {
      const format = typeof scheme.bearerFormat === "string" ? { param: scheme.bearerFormat } : {};
      return { auth: { kind: "bearer", ...format }, detail: "Authorization: Bearer {token}" };
    }
    if (name === "basic") return { auth: { kind: "basic" }, detail: "Authorization: Basic {credentials}" };
    return { auth: { kind: "http", param: name }, detail: `Authorization: ${name}` };
  }
  if (type === "apiKey") return { auth: { kind: "apiKey" }, detail: `${String(scheme.in)} ${String(scheme.name)}` };
  if (type === "oauth2") return { auth: { kind: "oauth2" }, detail: Object.keys(isObject(scheme.flows) ? scheme.flows : {}).join(", ") };
  if (type === "openIdConnect") return { auth: { kind: "openIdConnect" }, detail: String(scheme.openIdConnectUrl ?? "") };
  if (type === "mutualTLS") return { auth: { kind: "mutualTLS" }, detail: "" };
  return { auth: { kind: "other", param: type }, detail: "" };
}
function modelSecuritySchemes(ctx) {
  const components = isObject(ctx.doc.components) ? ctx.doc.components : {};
  const schemes = isObject(components.securitySchemes) ? components.securitySchemes : {};
  return Object.entries(schemes).map(([key, raw2]) => {
    const { value, pointer } = ctx.resolve(raw2, joinPointer("/components/securitySchemes", key));
    return { key, anchor: securityAnchor(key), pointer, type: String(value.type ?? ""), ...kindOf(value), descriptionHtml: ctx.markdown(value.description) };
  });
}
function modelSecurity(schemes, raw2) {
  if (!Array.isArray(raw2)) return [];
  const byKey = new Map(schemes.map((s) => [s.key, s]));
  return raw2.filter(isObject).map((requirement) => ({
    schemes: Object.entries(requirement).map(([key, scopes]) => ({
      key,
      anchor: securityAnchor(key),
      auth: byKey.get(key)?.auth ?? null,
      scopes: Array.isArray(scopes) ? scopes.map(String) : []
    }))
  }));
}

// src/node/openapi/handlers/callback.ts
function slug(text3) {
  return text3.replace(/[^A-Za-z0-9_-]+/g, "-").replace(/^-+|-+$/g, "") || "x";
}
function modelCallbacks(ctx, options) {
  if (!isObject(options.raw)) return [];
  const callbacks = [];
  for (const [name, rawCallback] of Object.entries(options.raw)) {
    const pointer = joinPointer(options.operation.pointer, "callbacks", name);
    const callback = ctx.resolve(rawCallback, pointer);
    const operations = [];
    for (const [expression, rawItem] of Object.entries(callback.value)) {
      if (expression.startsWith("x-")) continue;
      const item = ctx.resolve(rawItem, joinPointer(callback.pointer, expression));
      for (const method of METHODS) {
        if (!isObject(item.value[method])) continue;
        operations.push(
          options.modelOperation(ctx, {
            method,
            path: expression,
            item: item.value,
            raw: item.value[method],
            schemes: options.schemes,
            itemPointer: item.pointer,
            id: `${options.operation.id}-callback-${slug(name)}-${method}${operations.length > 0 ? `-${operations.length}` : ""}`,
            sent: "callback"
          })
        );
      }
    }
    if (operations.length > 0) callbacks.push({ name, pointer, operations });
  }
  return callbacks;
}

// src/node/openapi/handlers/operation.ts
function operationAnchor(method, path4, operationId) {
  if (typeof operationId === "string" && operationId.trim() !== "") return operationId.trim().replace(/\s+/g, "-");
  return `${method}-${path4}`.replace(/[^A-Za-z0-9_-]+/g, "-").replace(/-+$/, "");
}
function modelOperation(ctx, options) {
  const { method, path: path4, item } = options;
  const itemPointer = options.itemPointer ?? joinPointer("/paths", path4);
  const pointer = joinPointer(itemPointer, method);
  const { value: raw2, pointer: at } = ctx.resolve(options.raw, pointer);
  const byKey = /* @__PURE__ */ new Map();
  (Array.isArray(item.parameters) ? item.parameters : []).forEach((p, i) => byKey.set(parameterKey(ctx, p), { raw: p, pointer: joinPointer(itemPointer, "parameters", i) }));
  (Array.isArray(raw2.parameters) ? raw2.parameters : []).forEach((p, i) => byKey.set(parameterKey(ctx, p), { raw: p, pointer: joinPointer(at, "parameters", i) }));
  const parameters = [...byKey.values()].map((p) => modelParameter(ctx, p.raw, p.pointer)).filter((p) => p !== void 0);
  const requestBody = raw2.requestBody === void 0 ? void 0 : modelRequestBody(ctx, raw2.requestBody, joinPointer(at, "requestBody"));
  const responseEntries = Object.entries(isObject(raw2.responses) ? raw2.responses : {});
  const firstSuccess = responseEntries.find(([status]) => /^2/.test(status))?.[0] ?? responseEntries[0]?.[0];
  const responses = responseEntries.map(
    ([status, r]) => modelResponse(ctx, { status, raw: r, pointer: joinPointer(at, "responses", status), generate: status === firstSuccess })
  );
  const security = modelSecurity(options.schemes, raw2.security ?? ctx.doc.security);
  const tags = Array.isArray(raw2.tags) ? raw2.tags.map(String) : [];
  const model = {
    id: options.id ?? operationAnchor(method, path4, raw2.operationId),
    pointer,
    method,
    path: path4,
    summary: typeof raw2.summary === "string" ? raw2.summary : "",
    descriptionHtml: ctx.markdown(raw2.description),
    deprecated: raw2.deprecated === true,
    tag: tags[0] ?? "default",
    parameters,
    requestBody,
    responses,
    security,
    samples: []
  };
  const codeSamples = modelCodeSamples(ctx, raw2, at);
  if (codeSamples.length > 0) model.codeSamples = codeSamples;
  if (options.sent === "webhook") model.webhook = true;
  const callbacks = options.sent ? [] : modelCallbacks(ctx, { operation: model, raw: raw2.callbacks, schemes: options.schemes, modelOperation });
  if (callbacks.length > 0) model.callbacks = callbacks;
  return model;
}
function modelCodeSamples(ctx, raw2, pointer) {
  const key = raw2["x-codeSamples"] !== void 0 ? "x-codeSamples" : "x-code-samples";
  const list = raw2[key];
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry, i) => {
    const sample2 = ctx.resolve(entry, joinPointer(pointer, key, i)).value;
    if (!isObject(sample2) || typeof sample2.lang !== "string" || typeof sample2.source !== "string") return [];
    return [{ lang: sample2.lang, label: typeof sample2.label === "string" && sample2.label !== "" ? sample2.label : sample2.lang, code: sample2.source.replace(/\n$/, "") }];
  });
}

// src/node/openapi/handlers/webhook.ts
function modelWebhooks(ctx, options) {
  const groups = /* @__PURE__ */ new Map();
  const declared = new Map((Array.isArray(ctx.doc.tags) ? ctx.doc.tags.filter(isObject) : []).map((t) => [String(t.name), t]));
  const key = isObject(ctx.doc.webhooks) ? "webhooks" : "x-webhooks";
  const webhooks = ctx.doc[key];
  for (const [name, rawItem] of Object.entries(isObject(webhooks) ? webhooks : {})) {
    const item = ctx.resolve(rawItem, joinPointer(`/${key}`, name));
    for (const method of METHODS) {
      if (!isObject(item.value[method])) continue;
      const raw2 = ctx.resolve(item.value[method], joinPointer(item.pointer, method)).value;
      const id = typeof raw2.operationId === "string" && raw2.operationId.trim() !== "" ? operationAnchor(method, name, raw2.operationId) : `webhook-${operationAnchor(method, name, void 0)}`;
      const operation = modelOperation(ctx, { method, path: name, item: item.value, raw: item.value[method], ...options, itemPointer: item.pointer, id, sent: "webhook" });
      let group = groups.get(operation.tag);
      if (!group) {
        const tag = declared.get(operation.tag);
        const named = operation.tag !== "default";
        group = {
          name: operation.tag,
          displayName: named ? typeof tag?.["x-displayName"] === "string" ? tag["x-displayName"] : operation.tag : null,
          anchor: named ? `webhooks-${tagAnchor(operation.tag)}` : "webhooks",
          descriptionHtml: "",
          operations: [],
          webhooks: true
        };
        groups.set(operation.tag, group);
      }
      group.operations.push(operation);
    }
  }
  return [...groups.values()];
}

// src/node/openapi/handlers/document.ts
var DEFAULT_INLINE_BUDGET = 25;
function modelServers(doc) {
  const servers = Array.isArray(doc.servers) ? doc.servers.filter(isObject) : [];
  return servers.map((s) => ({
    url: String(s.url ?? ""),
    description: typeof s.description === "string" ? s.description : "",
    variables: Object.entries(isObject(s.variables) ? s.variables : {}).map(([name, v]) => {
      const variable = isObject(v) ? v : {};
      return {
        name,
        default: String(variable.default ?? ""),
        enum: Array.isArray(variable.enum) ? variable.enum.map(String) : [],
        description: typeof variable.description === "string" ? variable.description : ""
      };
    })
  }));
}
function safeUrl(value) {
  if (typeof value !== "string" || value === "") return void 0;
  return /^(https?:|mailto:)/i.test(value) ? value : void 0;
}
function text(value) {
  return typeof value === "string" && value !== "" ? value : void 0;
}
function modelInfo(ctx, info) {
  const model = {};
  const terms = safeUrl(info.termsOfService);
  if (terms) model.termsOfService = terms;
  if (isObject(info.contact)) {
    const contact = { name: text(info.contact.name), url: safeUrl(info.contact.url), email: text(info.contact.email) };
    if (contact.name || contact.url || contact.email) model.contact = contact;
  }
  if (isObject(info.license) && text(info.license.name)) model.license = { name: String(info.license.name), url: safeUrl(info.license.url) };
  const docs = ctx.doc.externalDocs;
  if (isObject(docs) && safeUrl(docs.url)) model.externalDocs = { url: safeUrl(docs.url), descriptionHtml: ctx.markdown(docs.description) };
  const logo = info["x-logo"];
  if (isObject(logo) && typeof logo.url === "string" && /^https?:\/\//i.test(logo.url)) {
    const href = safeUrl(logo.href);
    model.logo = { url: logo.url, alt: text(logo.altText) ?? "", ...href ? { href } : {} };
  }
  return model;
}
function modelDocument(doc, options = {}) {
  const render = options.markdown ?? createMarkdownRenderer();
  const ctx = {
    doc,
    resolve: createResolver(doc),
    // A description may be a `$ref` to text kept elsewhere (DigitalOcean's tags: `$ref: description.yml#/introduction`):
    // Redoc follows it as any other reference.
    markdown: (text3) => render(isObject(text3) && typeof text3.$ref === "string" && text3.$ref.startsWith("#") ? getAt(doc, text3.$ref.slice(1)) : text3),
    referencedSchemas: /* @__PURE__ */ new Set(),
    schemaSizes: /* @__PURE__ */ new Map(),
    expandedSchemas: /* @__PURE__ */ new Map(),
    inlineBudget: options.inlineBudget ?? DEFAULT_INLINE_BUDGET
  };
  const info = isObject(doc.info) ? doc.info : {};
  const servers = modelServers(doc);
  const securitySchemes = modelSecuritySchemes(ctx);
  const declared = (Array.isArray(doc.tags) ? doc.tags.filter(isObject) : []).map((t) => ({
    name: String(t.name),
    displayName: typeof t["x-displayName"] === "string" ? t["x-displayName"] : String(t.name),
    descriptionHtml: ctx.markdown(t.description),
    ...t["x-traitTag"] === true ? { trait: true } : {}
  }));
  const tags = new Map(declared.map((t) => [t.name, { ...t, anchor: tagAnchor(t.name), operations: [] }]));
  for (const [path4, rawItem] of Object.entries(isObject(doc.paths) ? doc.paths : {})) {
    const item = ctx.resolve(rawItem, "").value;
    for (const method of METHODS) {
      if (!isObject(item[method])) continue;
      const operation = modelOperation(ctx, { method, path: path4, item, raw: item[method], schemes: securitySchemes });
      let tag = tags.get(operation.tag);
      if (!tag) {
        tag = { name: operation.tag, displayName: operation.tag === "default" ? null : operation.tag, anchor: tagAnchor(operation.tag), descriptionHtml: "", operations: [] };
        tags.set(operation.tag, tag);
      }
      tag.operations.push(operation);
    }
  }
  const webhookTags = modelWebhooks(ctx, { schemes: securitySchemes });
  const schemas = [];
  const done = /* @__PURE__ */ new Set();
  const components = isObject(doc.components) && isObject(doc.components.schemas) ? Object.keys(doc.components.schemas) : [];
  const wanted = () => [.../* @__PURE__ */ new Set([...components, ...ctx.referencedSchemas])].filter((n) => !done.has(n));
  for (let pending = wanted(); pending.length > 0; pending = wanted()) {
    for (const name of pending) {
      done.add(name);
      schemas.push({ name, anchor: schemaAnchor(name), schema: modelNamedSchema(ctx, name) });
    }
  }
  schemas.sort((a, b) => a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const groups = tagGroupsOf(doc, [...[...tags.values()].filter((t) => t.operations.length > 0 || t.trait), ...webhookTags]);
  const tagList = groups.tags;
  const anchors = /* @__PURE__ */ new Set();
  for (const tag of tagList) {
    anchors.add(tag.anchor);
    for (const op of tag.operations) {
      anchors.add(op.id);
      for (const callback of op.callbacks ?? []) for (const c of callback.operations) anchors.add(c.id);
    }
  }
  if (schemas.length > 0) anchors.add("schemas");
  for (const s of schemas) anchors.add(s.anchor);
  for (const s of securitySchemes) anchors.add(s.anchor);
  return {
    title: typeof info.title === "string" ? info.title : "",
    version: typeof info.version === "string" ? info.version : "",
    description: typeof info.description === "string" ? info.description : "",
    descriptionHtml: ctx.markdown(info.description),
    openapi: String(doc.openapi ?? doc.swagger ?? ""),
    info: modelInfo(ctx, info),
    servers,
    securitySchemes,
    tags: tagList,
    schemas,
    anchors: [...anchors],
    ...groups.tagGroups.length > 0 ? { tagGroups: groups.tagGroups } : {},
    ...doc["x-docgen-converted-from"] === "swagger-2.0" ? { convertedFrom: "swagger-2.0" } : {}
  };
}
function tagGroupsOf(doc, tags) {
  const raw2 = doc["x-tagGroups"];
  if (!Array.isArray(raw2)) return { tags, tagGroups: [] };
  const byName = new Map(tags.map((tag) => [tag.name, tag]));
  const grouped = /* @__PURE__ */ new Set();
  const tagGroups = [];
  for (const group of raw2) {
    if (!isObject(group) || typeof group.name !== "string" || !Array.isArray(group.tags)) continue;
    const members = group.tags.map((name) => byName.get(String(name))).filter((tag) => tag !== void 0 && !grouped.has(tag));
    if (members.length === 0) continue;
    for (const tag of members) grouped.add(tag);
    tagGroups.push({ name: group.name, tags: members.map((tag) => tag.anchor) });
  }
  return { tags: [...grouped, ...tags.filter((tag) => !grouped.has(tag))], tagGroups };
}

// src/node/openapi/version-32.ts
function isOpenApi32(api) {
  return isObject(api) && typeof api.openapi === "string" && /^3\.2\./.test(api.openapi);
}
function fieldsOf32(api) {
  const found = [];
  const take = (holder, pointer, keys) => {
    if (!isObject(holder)) return;
    for (const key of keys) if (key in holder) found.push({ holder, key, pointer: joinPointer(pointer, key) });
  };
  take(api, "", ["$self"]);
  (Array.isArray(api.tags) ? api.tags : []).forEach((tag, i) => take(tag, joinPointer("/tags", i), ["summary", "parent", "kind"]));
  for (const [path4, item] of Object.entries(isObject(api.paths) ? api.paths : {})) take(item, joinPointer("/paths", path4), ["query", "additionalOperations"]);
  take(api.components, "/components", ["mediaTypes"]);
  return found;
}
function as31(api) {
  const copy = structuredClone(api);
  for (const { holder, key } of fieldsOf32(copy)) delete holder[key];
  return { ...copy, openapi: "3.1.1" };
}

// src/node/openapi/sources.ts
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CORE_SCHEMA, load as loadYaml } from "js-yaml";
import { LineCounter, parseDocument as parseDocument2 } from "yaml";

// src/node/content/yaml.ts
import { parseDocument } from "yaml";
var MAX_ALIAS_COUNT = 1e4;
function yamlToJs(doc, options) {
  try {
    return doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    if (!(error instanceof ReferenceError) || !/alias/i.test(error.message)) throw error;
    throw new DocgenError({
      code: options.code,
      message: `The YAML's aliases (*name) expand to too much data (more than ${MAX_ALIAS_COUNT} weighted alias expansions), as in a "billion laughs" document. Use fewer nested anchors and aliases.`,
      file: options.file,
      line: 1,
      column: 1
    });
  }
}

// src/node/openapi/yaml-position.ts
import { isAlias, isMap, isPair, isScalar, isSeq } from "yaml";
function deAlias(doc, node) {
  if (isAlias(node)) return node.resolve(doc) ?? null;
  return node ?? null;
}
function keyText(pair) {
  return isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
}
function refOf(node) {
  if (!isMap(node)) return void 0;
  const pair = node.items.find((p) => keyText(p) === "$ref");
  return pair && isScalar(pair.value) && typeof pair.value.value === "string" ? pair.value.value : void 0;
}
function walk2(doc, segments) {
  let node = deAlias(doc, doc.contents);
  let pair = null;
  let hops = 0;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    const ref = segment === "$ref" ? void 0 : refOf(node);
    if (ref?.startsWith("#") && hops++ < 64) {
      const target = walk2(doc, splitPointer(ref.slice(1)));
      if (target.complete) node = target.node;
    }
    if (isMap(node)) {
      const next = node.items.find((p) => keyText(p) === segment);
      if (!next) return { node, pair, complete: false };
      pair = next;
      node = deAlias(doc, next.value);
    } else if (isSeq(node) && /^\d+$/.test(segment) && Number(segment) < node.items.length) {
      pair = null;
      node = deAlias(doc, node.items[Number(segment)]);
    } else return { node, pair, complete: false };
  }
  return { node, pair, complete: true };
}
function positionOf(found, preferKey, lineCounter) {
  const useKey = found.pair && isScalar(found.pair.key) && (preferKey || isMap(found.node) || isSeq(found.node) || !found.node);
  const target = useKey ? found.pair.key : found.node ?? found.pair?.key;
  const offset = target?.range?.[0];
  if (offset === void 0) return void 0;
  const { line, col } = lineCounter.linePos(offset);
  return { line, column: col };
}
function positionOfPointer(options) {
  const found = walk2(options.doc, splitPointer(options.pointer));
  return positionOf(found, options.preferKey ?? false, options.lineCounter);
}
function positionOfLoosePath(options) {
  const { doc, lineCounter } = options;
  let rest = options.path.replace(/^\//, "");
  let node = deAlias(doc, doc.contents);
  let pair = null;
  while (rest !== "") {
    if (isMap(node)) {
      const keys = node.items.map((p) => ({ p, k: keyText(p).replace(/^\//, "") }));
      const best = keys.filter(({ k }) => rest === k || rest.startsWith(k + "/")).sort((a, b) => b.k.length - a.k.length)[0];
      if (!best) break;
      pair = best.p;
      node = deAlias(doc, best.p.value);
      rest = rest.slice(best.k.length).replace(/^\//, "");
    } else if (isSeq(node)) {
      const segment = rest.split("/")[0];
      const item = /^\d+$/.test(segment) ? node.items[Number(segment)] : node.items.find((it) => isMap(it) && it.items.some((p) => keyText(p) === "name" && isScalar(p.value) && String(p.value.value) === segment));
      if (!item) break;
      pair = null;
      node = deAlias(doc, item);
      rest = rest.slice(segment.length).replace(/^\//, "");
    } else break;
  }
  return positionOf({ node, pair }, true, lineCounter);
}
function positionOfEntry(options) {
  const matches = [];
  const visit2 = (node) => {
    if (isMap(node)) {
      for (const p of node.items) {
        if (isPair(p) && keyText(p) === options.key && isScalar(p.value) && String(p.value.value) === options.value) matches.push(p);
        visit2(p.value);
      }
    } else if (isSeq(node)) node.items.forEach(visit2);
  };
  visit2(options.doc.contents);
  const pair = matches[Math.min(options.nth ?? 0, matches.length - 1)];
  if (!pair) return void 0;
  return positionOf({ node: pair.value, pair }, true, options.lineCounter);
}

// src/node/openapi/sources.ts
var FILES_KEY = "x-docgen-files";
var MAX_NESTING = 512;
function parseSource(file, source) {
  let ast;
  const parseAst = () => {
    if (!ast) {
      const lineCounter2 = new LineCounter();
      ast = { doc: parseDocument2(source, { lineCounter: lineCounter2, prettyErrors: false, uniqueKeys: false }), lineCounter: lineCounter2 };
    }
    return ast;
  };
  if (/\.json$/i.test(file)) {
    try {
      return { file, source, value: JSON.parse(source), json: true, ast: parseAst };
    } catch {
    }
  }
  const fast = loadYamlFast(source);
  if (fast !== void 0) return { file, source, value: fast, json: false, ast: parseAst };
  const { doc, lineCounter } = parseAst();
  if (doc.errors.length > 0) {
    const error = doc.errors[0];
    const { line, col } = lineCounter.linePos(error.pos[0]);
    throw new DocgenError({
      code: "OpenApiInvalid",
      message: /call stack/i.test(error.message) ? `The document nests deeper than docgen reads (more than ${MAX_NESTING} levels). Flatten the schema with named components and $ref.` : `The OpenAPI document is not valid YAML: ${error.message.split("\n")[0]}.`,
      file,
      line,
      column: col,
      frame: codeFrame(source, line, col)
    });
  }
  return { file, source, value: yamlToJs(doc, { file, code: "OpenApiInvalid" }), json: false, ast: parseAst };
}
function loadYamlFast(source) {
  if (/(^|[\s:\-[{,])&[^\s]/.test(source)) return void 0;
  try {
    return loadYaml(source, { schema: CORE_SCHEMA });
  } catch {
    return void 0;
  }
}
async function readSource(file, from) {
  let source;
  try {
    source = await readFile(file, "utf8");
  } catch {
    if (!from) throw new DocgenError({ code: "OpenApiInvalid", message: "The OpenAPI document listed in site.config.ts `apis` cannot be read.", file });
    throw locatedError(from.file, from.pointer, `The $ref ${JSON.stringify(from.ref)} at ${from.pointer} names the file ${file}, which cannot be read. Check the path: it is relative to the file the $ref is in.`);
  }
  return parseSource(file, source);
}
function locatedError(file, pointer, message) {
  const position = positionOfPointer({ ...file.ast(), pointer, preferKey: true });
  return new DocgenError({
    code: "OpenApiInvalid",
    message,
    file: file.file,
    line: position?.line,
    column: position?.column,
    frame: position ? codeFrame(file.source, position.line, position.column) : void 0
  });
}
function splitRef(ref, base) {
  const hash = ref.indexOf("#");
  const target = hash === -1 ? ref : ref.slice(0, hash);
  const pointer = hash === -1 ? "" : ref.slice(hash + 1);
  if (target === "") return { file: null, pointer };
  if (/^https?:/i.test(target)) return { file: target, pointer };
  const file = target.startsWith("file:") ? fileURLToPath(target) : path.resolve(path.dirname(base), decodeURI(target));
  return { file, pointer };
}
function refsOf(root) {
  const found = [];
  const stack = [{ value: root, pointer: "", depth: 0 }];
  while (stack.length > 0) {
    const { value, pointer, depth } = stack.pop();
    if (value === null || typeof value !== "object" || depth > MAX_NESTING * 4) continue;
    if (isObject(value) && typeof value.$ref === "string") found.push({ holder: value, ref: value.$ref, pointer: joinPointer(pointer, "$ref") });
    for (const [key, child] of Object.entries(value)) if (child !== null && typeof child === "object") stack.push({ value: child, pointer: joinPointer(pointer, key), depth: depth + 1 });
  }
  return found;
}
async function loadSources(file) {
  const root = await readSource(file);
  const files = [root];
  const indexOf = /* @__PURE__ */ new Map([[file, 0]]);
  const prefix = (index) => index === 0 ? "" : joinPointer("", FILES_KEY, index - 1);
  for (let i = 0; i < files.length; i++) {
    const current = files[i];
    for (const { holder, ref, pointer } of refsOf(current.value)) {
      const target = splitRef(ref, current.file);
      if (target.file === null) {
        if (i > 0) holder.$ref = "#" + prefix(i) + target.pointer;
        continue;
      }
      if (/^https?:/i.test(target.file)) {
        throw locatedError(current, pointer, `The $ref ${JSON.stringify(ref)} at ${pointer} points to a URL; docgen reads no network while building. Save that document beside this one and refer to it by a relative path.`);
      }
      let index = indexOf.get(target.file);
      if (index === void 0) {
        index = files.length;
        indexOf.set(target.file, index);
        files.push(await readSource(target.file, { file: current, pointer, ref }));
      }
      holder.$ref = "#" + prefix(index) + (target.pointer === "/" ? "" : target.pointer);
    }
  }
  if (files.length === 1) return { files, bundled: root.value };
  const bundled = { ...root.value, [FILES_KEY]: files.slice(1).map((f) => f.value) };
  return { files, bundled };
}
function sourceOfPointer(set, pointer) {
  const segments = splitPointer(pointer);
  if (segments[0] === FILES_KEY && segments.length >= 2 && /^\d+$/.test(segments[1])) {
    const file = set.files[Number(segments[1]) + 1];
    if (file) return { file, pointer: segments.slice(2).map((s) => "/" + escapePointer(s)).join("") };
  }
  return { file: set.files[0], pointer };
}
function canonicalPointer(bundled, pointer) {
  let node = bundled;
  let at = "";
  let hops = 0;
  const segments = splitPointer(pointer);
  for (let i = 0; i < segments.length; i++) {
    while (isObject(node) && typeof node.$ref === "string" && node.$ref.startsWith("#") && segments[i] !== "$ref" && hops++ < 64) {
      at = node.$ref.slice(1);
      node = splitPointer(at).reduce((n, s) => n !== null && typeof n === "object" ? n[s] : void 0, bundled);
    }
    if (node === null || typeof node !== "object" || !(segments[i] in node)) return at + segments.slice(i).map((s) => "/" + escapePointer(s)).join("");
    node = node[segments[i]];
    at = joinPointer(at, segments[i]);
  }
  while (isObject(node) && typeof node.$ref === "string" && node.$ref.startsWith("#") && segments.at(-1) !== "$ref" && hops++ < 64) {
    at = node.$ref.slice(1);
    node = splitPointer(at).reduce((n, s) => n !== null && typeof n === "object" ? n[s] : void 0, bundled);
  }
  return at;
}
function locatePointer(set, pointer, options = {}) {
  const source = sourceOfPointer(set, canonicalPointer(set.bundled, pointer));
  return { ...source, position: positionOfPointer({ ...source.file.ast(), pointer: source.pointer, preferKey: options.preferKey }) };
}

// src/node/openapi/dropped-html.ts
function droppedHtmlWarning(set, dropped, policy = "warn") {
  if (dropped.size === 0 || policy === "ignore") return [];
  const counts = /* @__PURE__ */ new Map();
  for (const what of dropped.values()) for (const item of what) counts.set(item, (counts.get(item) ?? 0) + 1);
  const kinds = [...counts].sort((a, b) => b[1] - a[1]);
  const list = kinds.slice(0, 4).map(([item, n]) => n > 1 ? `${item} (${n} times)` : item).join("; ");
  const more = kinds.length > 4 ? ` and ${kinds.length - 4} more` : "";
  const pointer = firstDescription(set.bundled, dropped);
  const found = pointer && findText(set, getAt(set.bundled, pointer)) || locatePointer(set, pointer ?? "");
  const line = found.position?.line;
  const error = new DocgenError({
    code: "DroppedHtml",
    message: `Raw HTML dropped from ${dropped.size} description${dropped.size === 1 ? "" : "s"} of the OpenAPI document (the first is here): ${list}${more}. docgen keeps only the HTML on its allow-list (SECURITY.md, "Raw HTML"); write it in Markdown.`,
    file: found.file.file,
    line,
    column: found.position?.column,
    frame: line ? codeFrame(found.file.source, line, found.position?.column ?? 1) : void 0,
    severity: policy === "throw" ? "error" : "warning"
  });
  if (policy === "throw") throw error;
  return [error];
}
function findText(set, text3) {
  for (const file of set.files) {
    const needle = file.json ? JSON.stringify(text3) : text3.split("\n").find((l) => l.trim() !== "")?.trim();
    const at = needle ? file.source.indexOf(needle) : -1;
    if (at === -1) continue;
    const lineStart = file.source.lastIndexOf("\n", at - 1) + 1;
    let line = 1;
    for (let i = file.source.indexOf("\n"); i !== -1 && i < at; i = file.source.indexOf("\n", i + 1)) line++;
    return { file, position: { line, column: at - lineStart + 1 } };
  }
  return void 0;
}
function firstDescription(root, texts) {
  const stack = [{ value: root, pointer: "" }];
  while (stack.length > 0) {
    const { value, pointer } = stack.pop();
    if (value === null || typeof value !== "object") continue;
    const entries = Object.entries(value);
    for (const [key, child] of entries) if (key === "description" && typeof child === "string" && texts.has(child)) return joinPointer(pointer, key);
    for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i][1], pointer: joinPointer(pointer, entries[i][0]) });
  }
  return void 0;
}

// src/node/pool/worker-job.ts
import { existsSync as existsSync2 } from "node:fs";
import path3 from "node:path";
import { Worker } from "node:worker_threads";

// src/node/paths.ts
import { accessSync, constants, existsSync, mkdirSync, readFileSync, readlinkSync, rmSync, symlinkSync } from "node:fs";
import path2 from "node:path";
import { fileURLToPath as fileURLToPath2 } from "node:url";
var cached;
function docgenRoot() {
  if (cached) return cached;
  let dir = path2.dirname(fileURLToPath2(import.meta.url));
  for (; ; ) {
    const pkg = path2.join(dir, "package.json");
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, "utf8")).name === "docgen") return cached = dir;
    const parent = path2.dirname(dir);
    if (parent === dir) throw new Error("Internal error (this is a docgen bug): docgen package root not found");
    dir = parent;
  }
}

// src/node/pool/worker-job.ts
function runWorkerJob(entry, data) {
  const file = path3.join(docgenRoot(), "lib", "node", entry);
  if (!existsSync2(file)) return null;
  return new Promise((resolve, reject) => {
    const worker = new Worker(file, { workerData: data });
    worker.once("message", (message) => resolve(message));
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`${entry} stopped with exit code ${code} without answering`)));
  });
}

// src/node/openapi/worker.ts
var WORKER_MIN_CHARS = 1e6;
function runInWorker(job) {
  const answer = runWorkerJob("openapi-worker.js", job);
  return answer && answer.catch(() => void 0);
}

// src/node/openapi/validate.ts
function jsonLinePointers(value) {
  const lines = [""];
  const walk3 = (node, pointer) => {
    if (node === null || typeof node !== "object") return;
    const entries = Array.isArray(node) ? node.map((v, i) => [i, v]) : Object.entries(node).filter(([, v]) => v !== void 0 && typeof v !== "function" && typeof v !== "symbol");
    if (entries.length === 0) return;
    for (const [key, child] of entries) {
      const childPointer = joinPointer(pointer, key);
      lines.push(childPointer);
      walk3(child, childPointer);
    }
    lines.push(pointer);
  };
  walk3(value, "");
  return lines;
}
function readFrameMark(message) {
  const lines = message.split("\n");
  const index = lines.findIndex((l) => /^>\s*\d+\s*\|/.test(l));
  if (index === -1) return void 0;
  const marked = lines[index];
  const line = Number(/^>\s*(\d+)/.exec(marked)[1]);
  const code = marked.slice(marked.indexOf("|") + 1);
  const caretLine = lines[index + 1] ?? "";
  const caret = caretLine.includes("|") ? caretLine.slice(caretLine.indexOf("|") + 1).search(/\^/) : -1;
  const colon = code.search(/"\s*:\s/);
  return { line, atKey: caret !== -1 && colon !== -1 && caret <= colon };
}
function locate(options) {
  const { set } = options;
  const reason = options.error.message;
  const root = set.files[0];
  if (options.error.instancePath !== void 0) {
    const property = options.error.property;
    const found = locatePointer(set, property === void 0 ? options.error.instancePath : joinPointer(options.error.instancePath, property), { preferKey: property !== void 0 });
    return { file: found.file, position: found.position, pointer: found.pointer };
  }
  const mark = readFrameMark(reason);
  if (mark) {
    const pointer = options.lines()[mark.line - 1];
    if (pointer !== void 0) {
      const found = locatePointer(set, pointer, { preferKey: mark.atKey });
      return { file: found.file, position: found.position, pointer: found.pointer };
    }
  }
  const { doc, lineCounter } = root.ast();
  const ref = /Missing \$ref pointer "([^"]+)"/.exec(reason);
  if (ref) return { file: root, position: positionOfEntry({ doc, lineCounter, key: "$ref", value: ref[1] }) };
  const duplicate = /operationId `([^`]+)` is duplicated/.exec(reason);
  if (duplicate) return { file: root, position: positionOfEntry({ doc, lineCounter, key: "operationId", value: duplicate[1], nth: 1 }) };
  const path4 = /`(\/(?:paths|components|webhooks)\/[^`]+)`/.exec(reason);
  if (path4) return { file: root, position: positionOfLoosePath({ doc, lineCounter, path: path4[1] }) };
  return { file: root };
}
function conciseReason(reason) {
  const lines = reason.split("\n");
  const head = lines.filter((l) => !/^\s*>?\s*\d*\s*\|/.test(l) && l.trim() !== "").join(" ").trim();
  const note = /\^+\s+(.+)$/m.exec(reason)?.[1]?.trim();
  return note && !head.includes(note) ? `${head} (${note})` : head;
}
async function runValidator(api, options = {}) {
  const validatable = asValidatable(api);
  const checked = options.owned || validatable !== api ? validatable : structuredClone(validatable);
  const { validate } = await import("@readme/openapi-parser");
  try {
    const result = await validate(checked, { resolve: { external: false }, validate: { errors: { colorize: false, raw: true } } });
    if (result.valid) return { valid: true, errors: [], additionalErrors: 0 };
    const errors = result.errors.filter((e) => e.instancePath === void 0 || !isReference(getAt(checked, e.instancePath)));
    if (errors.length === 0 && result.additionalErrors === 0) return { valid: true, errors: [], additionalErrors: 0 };
    return { valid: false, errors, additionalErrors: result.additionalErrors, checked };
  } catch (error) {
    return { valid: false, errors: [{ message: error.message }], additionalErrors: 0, checked };
  }
}
function isReference(value) {
  return isObject(value) && typeof value.$ref === "string";
}
async function validateApiDocument(options) {
  const { set, mode } = options;
  const result = options.result ?? await runValidator(set.bundled);
  if (result.valid) return [];
  let lines;
  const diagnose = (error, suffix = "") => {
    const found = locate({ error, lines: () => lines ??= jsonLinePointers(result.checked), set });
    const line = found.position?.line ?? 1;
    const column = found.position?.column ?? 1;
    const at = found.pointer !== void 0 && found.pointer !== "" ? ` at ${found.pointer}` : "";
    return new DocgenError({
      code: "OpenApiInvalid",
      message: `The OpenAPI document is invalid${at}: ${conciseReason(error.message)}${suffix}.`,
      hint: HINT,
      file: found.file.file,
      line,
      column,
      frame: codeFrame(found.file.source, line, column)
    });
  };
  if (mode === "warn") return result.errors.map((e) => diagnose(e));
  const more = result.errors.length - 1 + result.additionalErrors;
  throw diagnose(result.errors[0] ?? { message: "unknown reason" }, more > 0 ? ` (and ${more} more error${more === 1 ? "" : "s"})` : "");
}
var HINT = "Fix the node shown above, or set `validation: 'warn'` on this entry of `apis` in site.config.ts to build with warnings. docgen validates with @readme/openapi-parser: the OpenAPI 2.0 / 3.0 / 3.1 schema plus unique operationIds, declared path parameters and resolvable $refs.";
function asValidatable(api) {
  return isOpenApi32(api) ? as31(api) : api;
}
function validateInWorker(options) {
  if (options.source.length < WORKER_MIN_CHARS) return null;
  return runInWorker({ task: "validate", ...options });
}

// src/node/openapi/load.ts
async function loadApiDocument(file, options = {}) {
  const set = await loadSources(file);
  const root = set.files[0];
  const api = set.bundled;
  const version = isObject(api) ? typeof api.openapi === "string" ? api.openapi : api.swagger === "2.0" ? "swagger-2.0" : null : null;
  if (version === null) {
    throw new DocgenError({
      code: "OpenApiInvalid",
      message: 'The document is not an OpenAPI document: it needs an `openapi` version (3.x) or `swagger: "2.0"` at the top level.',
      file,
      line: 1,
      column: 1,
      frame: codeFrame(root.source, 1, 1)
    });
  }
  try {
    const model = await validateAndModel({ set, options: { ...options, validation: options.validation ?? "strict" } });
    if (set.files.length > 1) model.files = set.files.map((f) => f.file);
    else if (root.json) model.sourceIsJson = true;
    return model;
  } catch (error) {
    throw asDocumentError(error, { set });
  }
}
async function validateAndModel(input) {
  const { set, options } = input;
  const root = set.files[0];
  const notes = versionNotes(set);
  if (set.files.reduce((chars, f) => chars + f.source.length, 0) < WORKER_MIN_CHARS) {
    const warnings2 = await validateApiDocument({ set, mode: options.validation });
    const model2 = modelDocument(await asOpenApi3(set), options);
    return withWarnings(model2, [...notes, ...warnings2, ...droppedHtmlWarning(set, takeDroppedHtml(), options.onDroppedHtml)]);
  }
  const api = await asOpenApi3(set);
  const texts = collectDescriptions(api);
  const claim = new SharedArrayBuffer(4);
  const rendering = runInWorker({ task: "markdown", texts, claim });
  const single = set.files.length === 1;
  const validating = validateInWorker({ source: single && root.json ? root.source : JSON.stringify(set.bundled), json: true, download: single && !root.json });
  const deferred = rendering ? createDeferredMarkdownRenderer() : null;
  let model;
  let modelError;
  try {
    model = modelDocument(api, { ...options, markdown: deferred?.markdown });
  } catch (error) {
    modelError = error;
  }
  const renderedHere = deferred && model ? renderClaimed(texts, claim) : /* @__PURE__ */ new Map();
  const dropped = /* @__PURE__ */ new Map();
  if (deferred && model) {
    const answer2 = await rendering;
    deferred.fill(model, new Map(texts.map((text3, i) => [text3, renderedHere.get(i) ?? answer2?.html[i] ?? void 0])));
    for (const [text3, what] of answer2?.dropped ?? []) dropped.set(text3, what);
  }
  for (const [text3, what] of takeDroppedHtml()) dropped.set(text3, what);
  const answer = await validating ?? void 0;
  const warnings = await validateApiDocument({ set, mode: options.validation, result: answer });
  if (!model) throw modelError;
  if (answer?.download !== void 0) jsonDownloads.set(model, answer.download);
  return withWarnings(model, [...notes, ...warnings, ...droppedHtmlWarning(set, dropped, options.onDroppedHtml)]);
}
var jsonDownloads = /* @__PURE__ */ new WeakMap();
function withWarnings(model, warnings) {
  if (warnings.length > 0) model.warnings = warnings.map((w) => ({ ...w.toJSON(), code: w.code === "DroppedHtml" ? "DroppedHtml" : "OpenApiInvalid" }));
  return model;
}
async function asOpenApi3(set) {
  const api = set.bundled;
  if (api.swagger !== "2.0") return api;
  const converter = await import("swagger2openapi");
  const { convertObj } = converter.default ?? converter;
  try {
    const { openapi } = await convertObj(structuredClone(api), { patch: true, warnOnly: true, resolve: false });
    return { ...openapi, "x-docgen-converted-from": "swagger-2.0" };
  } catch (error) {
    throw locatedError(set.files[0], "/swagger", `The Swagger 2.0 document cannot be converted to OpenAPI 3: ${error.message}.`);
  }
}
function versionNotes(set) {
  const api = set.bundled;
  if (!isOpenApi32(api)) return [];
  const first = /* @__PURE__ */ new Map();
  for (const { key, pointer } of fieldsOf32(api)) if (!first.has(key)) first.set(key, pointer);
  return [...first].map(
    ([key, pointer]) => locatedError(set.files[0], pointer, `OpenAPI ${String(api.openapi)} is read like 3.1: the 3.2 field \`${key}\` (first at ${pointer}) is not rendered yet.`)
  );
}
function asDocumentError(error, input) {
  let pointer;
  let message;
  if (error instanceof ExternalRefError) {
    pointer = error.pointer;
    message = `The $ref ${JSON.stringify(error.ref)} at ${pointer} cannot be followed. Check the path and the pointer after \`#\`.`;
  } else if (error instanceof RangeError && /call stack/i.test(error.message)) {
    pointer = deepestPointer(input.set.bundled);
    message = `The document nests deeper than docgen reads (more than ${MAX_NESTING} levels, at ${pointer.length > 120 ? pointer.slice(0, 120) + "\u2026" : pointer}). Flatten the schema with named components and $ref.`;
  } else {
    return error;
  }
  const found = locatePointer(input.set, pointer);
  return locatedError(found.file, found.pointer, message);
}
function deepestPointer(root) {
  let deepest = { path: [] };
  const stack = [{ value: root, path: [] }];
  while (stack.length > 0) {
    const { value, path: path4 } = stack.pop();
    if (path4.length > deepest.path.length) deepest = { path: path4 };
    if (path4.length > MAX_NESTING * 4 || value === null || typeof value !== "object") continue;
    for (const [key, child] of Object.entries(value)) stack.push({ value: child, path: [...path4, key] });
  }
  return joinPointer("", ...deepest.path);
}

// src/node/render/api-twin.ts
import { fromHtml } from "hast-util-from-html";

// src/shared/twin-url.ts
function twinPath(path4) {
  if (path4.endsWith("/")) return path4 + "index.md";
  return path4 + ".md";
}
function operationTwinPath(apiRoute, anchor) {
  return `${apiRoute.replace(/\/$/, "")}/${encodeURIComponent(anchor)}.md`;
}

// src/shared/urls.ts
function withBase(base, path4) {
  if (!path4.startsWith("/") || path4.startsWith("//")) return path4;
  return base === "/" ? path4 : base.slice(0, -1) + path4;
}
function stripBase(base, pathname) {
  if (base === "/") return pathname;
  if (pathname === base.slice(0, -1)) return "/";
  return pathname.startsWith(base) ? pathname.slice(base.length - 1) : null;
}

// src/node/render/markdown-twin.ts
import { toMdast } from "hast-util-to-mdast";
import { toString as hastToString } from "hast-util-to-string";
import { gfmToMarkdown } from "mdast-util-gfm";
import { toMarkdown } from "mdast-util-to-markdown";
var DROPPED = /* @__PURE__ */ new Set(["button", "script", "style", "svg", "template", "input", "noscript"]);
function contentMarkdown(content, options) {
  const tree = { type: "root", children: twinChildren(content.children) };
  const first = tree.children.find((child) => child.type === "element");
  if (first && first.type === "element" && first.tagName === "h1" && hastToString(first).trim() === options.title?.trim()) {
    tree.children.splice(tree.children.indexOf(first), 1);
  }
  const mdast = toMdast(tree, { handlers: { pre: codeHandler } });
  absoluteLinks(mdast, options.links, options.pagePath);
  return toMarkdown(mdast, { extensions: [gfmToMarkdown({ tablePipeAlign: false })], bullet: "-", fences: true, rule: "-", listItemIndent: "one" }).trim();
}
var codeHandler = (_state, node) => {
  const code = node.children.find((c) => c.type === "element" && c.tagName === "code");
  const classes = (code ?? node).properties?.className ?? [];
  const lang = classes.find((c) => c.startsWith("language-"))?.slice("language-".length) ?? null;
  const title = node.properties?.dataTitle;
  const result = { type: "code", lang, meta: typeof title === "string" && title ? `title=${JSON.stringify(title)}` : null, value: hastToString(code ?? node).replace(/\n$/, "") };
  return result;
};
function classesOf(node) {
  const value = node.properties?.className;
  return Array.isArray(value) ? value.map(String) : [];
}
function twinChildren(children) {
  return children.flatMap((child) => twinNode(child));
}
function element(tagName, children, properties = {}) {
  return { type: "element", tagName, properties, children };
}
function text2(value) {
  return { type: "text", value };
}
function twinNode(node) {
  if (node.type !== "element") return node.type === "text" ? [node] : [];
  const classes = classesOf(node);
  if (DROPPED.has(node.tagName) || classes.includes("dg-heading-anchor")) return [];
  if (classes.includes("dg-admonition")) return [admonition(node)];
  if (classes.includes("dg-tabs")) return tabs(node);
  if (classes.includes("dg-code")) return [titledCode(node)];
  if (classes.includes("dg-diagram")) return diagram(node);
  return [{ ...node, children: twinChildren(node.children) }];
}
function admonition(node) {
  const [title, ...rest] = node.children.filter((c) => c.type === "element" || c.type === "text" && c.value.trim());
  const titled = title && title.type === "element" && classesOf(title).includes("dg-admonition__title");
  const label = titled ? element("p", [element("strong", [text2(hastToString(title).trim())])]) : null;
  return element("blockquote", [...label ? [label] : [], ...twinChildren(titled ? rest : node.children)]);
}
function tabs(node) {
  const elements = node.children.filter((c) => c.type === "element");
  const labels = elements.filter((c) => classesOf(c).includes("dg-tabs__label"));
  const panels = elements.filter((c) => classesOf(c).includes("dg-tabs__panel"));
  return panels.flatMap((panel, i) => [element("p", [element("strong", [text2(labels[i] ? hastToString(labels[i]).trim() : `${i + 1}`)])]), ...twinChildren(panel.children)]);
}
function titledCode(node) {
  const elements = node.children.filter((c) => c.type === "element");
  const title = elements.find((c) => classesOf(c).includes("dg-code__title"));
  const pre = findElement(node, (e) => e.tagName === "pre");
  if (!pre) return element("div", twinChildren(node.children));
  const code = findElement(pre, (e) => e.tagName === "code");
  const language = typeof node.properties?.dataLanguage === "string" ? node.properties.dataLanguage : null;
  const codeClasses = code ? classesOf(code) : [];
  const className = codeClasses.some((c) => c.startsWith("language-")) ? codeClasses : language ? [`language-${language}`] : [];
  return element("pre", [element("code", [text2(codeText(code ?? pre))], { className })], title ? { dataTitle: hastToString(title).trim() } : {});
}
function codeText(node) {
  return twinChildren(node.children).map((c) => c.type === "element" ? codeText(c) : c.type === "text" ? c.value : "").join("");
}
function diagram(node) {
  const source = findElement(node, (e) => e.tagName === "code" && classesOf(e).some((c) => c.startsWith("language-")));
  if (source) return [element("pre", [element("code", [text2(hastToString(source))], { className: classesOf(source).filter((c) => c.startsWith("language-")) })])];
  const image = findElement(node, (e) => e.tagName === "img");
  const caption = findElement(node, (e) => e.tagName === "figcaption");
  return [...image ? [element("p", [image])] : [], ...caption ? [element("p", twinChildren(caption.children))] : []];
}
function findElement(node, test) {
  for (const child of node.children) {
    if (child.type !== "element") continue;
    if (test(child)) return child;
    const found = findElement(child, test);
    if (found) return found;
  }
  return null;
}
function absoluteLinks(tree, links, pagePath) {
  const visit2 = (node) => {
    if (node.type === "link" || node.type === "image") node.url = twinUrl(node.url, links, pagePath, node.type === "link");
    if ("children" in node) for (const child of node.children) visit2(child);
  };
  visit2(tree);
}
function twinUrl(href, links, pagePath, toTwin = true) {
  if (href.startsWith("#")) return links.siteUrl + withBase(links.baseUrl, twinPath(pagePath)) + href;
  if (!href.startsWith("/") || href.startsWith("//")) return href;
  const hashAt = href.search(/[?#]/);
  const pathname = hashAt === -1 ? href : href.slice(0, hashAt);
  const rest = hashAt === -1 ? "" : href.slice(hashAt);
  const route = stripBase(links.baseUrl, pathname);
  if (toTwin && route !== null) {
    let decoded = route;
    try {
      decoded = decodeURI(route);
    } catch {
    }
    if (links.isRoute(decoded)) return links.siteUrl + withBase(links.baseUrl, twinPath(route)) + rest;
  }
  return links.siteUrl + href;
}

// src/node/render/api-twin.ts
function apiTwins(model, route, links) {
  const converted = /* @__PURE__ */ new Map();
  const md = (html3) => {
    if (!html3) return "";
    let markdown = converted.get(html3);
    if (markdown === void 0) {
      markdown = plainParagraph(html3) ?? contentMarkdown(fromHtml(html3, { fragment: true }), { links, pagePath: route });
      converted.set(html3, markdown);
    }
    return markdown;
  };
  const operations = model.tags.flatMap((tag) => tag.operations.map((op) => ({ op, tag: tag.displayName ?? tag.name })));
  const twinUrlOf = (id) => links.siteUrl + withBase(links.baseUrl, operationTwinPath(route, id));
  const sections = [`# ${model.title}`, `Version ${model.version} (OpenAPI ${model.openapi})`];
  if (model.descriptionHtml) sections.push(md(model.descriptionHtml));
  if (model.servers.length > 0) sections.push("## Servers", model.servers.map((s) => `- \`${s.url}\`${s.description ? `: ${s.description}` : ""}`).join("\n"));
  if (model.securitySchemes.length > 0) {
    sections.push("## Authentication", model.securitySchemes.map((s) => `- **${s.key}** (${s.type}${s.detail ? `, ${s.detail}` : ""})${s.descriptionHtml ? `: ${oneLine(md(s.descriptionHtml))}` : ""}`).join("\n"));
  }
  sections.push("## Operations", operations.map(({ op }) => `- [${op.method.toUpperCase()} ${op.path}](${twinUrlOf(op.id)})${op.summary ? `: ${op.summary}` : ""}`).join("\n"));
  const opTwins = operations.map(({ op, tag }) => ({ id: op.id, path: operationTwinPath(route, op.id), text: operationMarkdown(op, { md, tag, level: 1 }) + "\n" }));
  for (const tag of model.tags) {
    sections.push(`## ${tag.displayName ?? tag.name}`);
    if (tag.descriptionHtml) sections.push(md(tag.descriptionHtml));
    for (const op of tag.operations) sections.push(operationMarkdown(op, { md, tag: null, level: 3 }));
  }
  if (model.schemas.length > 0) {
    sections.push("## Schemas");
    for (const named of model.schemas) sections.push(`### ${named.name}`, schemaLines(named.schema, md, 0, true).join("\n"));
  }
  return { reference: sections.filter(Boolean).join("\n\n") + "\n", operations: opTwins };
}
function operationMarkdown(op, options) {
  const { md, level } = options;
  const h = (n) => "#".repeat(Math.min(6, level + n));
  const out = [`${h(0)} ${op.summary || `${op.method.toUpperCase()} ${op.path}`}`];
  out.push(`\`${op.webhook ? "WEBHOOK" : op.method.toUpperCase()} ${op.path}\`${op.deprecated ? " (deprecated)" : ""}${options.tag ? ` \xB7 ${options.tag}` : ""}`);
  if (op.descriptionHtml) out.push(md(op.descriptionHtml));
  out.push(`${h(1)} Security`, securityText(op.security));
  if (op.parameters.length > 0) {
    out.push(`${h(1)} Parameters`);
    out.push(
      op.parameters.map((p) => {
        const head = `- \`${p.name}\` (${p.in}, ${p.schema?.type ?? "any"}${p.required ? ", required" : ""}${p.deprecated ? ", deprecated" : ""})${constraintText(p.schema?.constraints)}${p.descriptionHtml ? `: ${oneLine(md(p.descriptionHtml))}` : ""}`;
        const nested = p.schema && (p.schema.kind === "object" || p.schema.kind === "array" || p.schema.kind === "union") ? schemaLines(p.schema, md, 1, true) : [];
        return [head, ...nested, ...p.example ? [`  Example: \`${p.example}\``] : []].join("\n");
      }).join("\n")
    );
  }
  if (op.requestBody) {
    out.push(`${h(1)} Request body${op.requestBody.required ? " (required)" : ""}`);
    if (op.requestBody.descriptionHtml) out.push(md(op.requestBody.descriptionHtml));
    out.push(...op.requestBody.contents.flatMap((content) => mediaType(content, md)));
  }
  out.push(`${h(1)} Responses`);
  for (const response of op.responses) {
    out.push(`${h(2)} ${response.status}`);
    if (response.descriptionHtml) out.push(md(response.descriptionHtml));
    if (response.headers.length > 0) out.push("Headers:\n\n" + response.headers.map((header) => `- \`${header.name}\` (${header.schema?.type ?? "any"})${header.descriptionHtml ? `: ${oneLine(md(header.descriptionHtml))}` : ""}`).join("\n"));
    out.push(...response.contents.flatMap((content) => mediaType(content, md)));
  }
  for (const callback of op.callbacks ?? []) {
    out.push(`${h(1)} Callback ${callback.name}`);
    for (const cb of callback.operations) out.push(operationMarkdown(cb, { md, tag: null, level: Math.min(6, level + 2) }));
  }
  return out.filter(Boolean).join("\n\n");
}
function mediaType(content, md) {
  const out = [`\`${content.mediaType}\`${content.schema ? `: ${content.schema.refName ?? content.schema.type}` : ""}`];
  if (content.schema) {
    const lines = schemaLines(content.schema, md, 0, true);
    if (lines.length > 0) out.push(lines.join("\n"));
  }
  for (const example of content.examples) {
    const label = example.summary ?? (example.generated ? "Example (generated)" : `Example ${example.name}`);
    out.push(`${label}:`, fence(example.value, /^\s*[[{]/.test(example.value) ? "json" : ""));
  }
  return out;
}
function fence(code, lang) {
  const ticks = "`".repeat(Math.max(3, ...[...code.matchAll(/`+/g)].map((m) => m[0].length + 1)));
  return `${ticks}${lang}
${code.replace(/\n$/, "")}
${ticks}`;
}
function schemaLines(schema, md, depth, top = false) {
  if (!top && schema.refName) return [];
  if (schema.kind === "ref" || schema.kind === "recursive") return [];
  const indent = "  ".repeat(depth);
  const lines = [];
  for (const property of schema.properties ?? []) {
    const child = property.schema;
    lines.push(`${indent}- \`${property.name}\` (${typeText(child)}${property.required ? ", required" : ""}${flags(child)})${constraintText(child.constraints)}${child.descriptionHtml ? `: ${oneLine(md(child.descriptionHtml))}` : ""}`);
    lines.push(...schemaLines(child, md, depth + 1));
  }
  if (schema.additionalProperties) {
    lines.push(`${indent}- additional properties (${typeText(schema.additionalProperties)})${constraintText(schema.additionalProperties.constraints)}`);
    lines.push(...schemaLines(schema.additionalProperties, md, depth + 1));
  }
  if (schema.items) {
    if (schema.items.properties || schema.items.variants || schema.items.items) lines.push(...schemaLines(schema.items, md, depth, schema.items.refName ? false : true));
    if (depth === 0 && lines.length === 0) lines.push(`- items: ${typeText(schema.items)}${constraintText(schema.items.constraints)}`);
  }
  for (const [i, variant] of (schema.variants ?? []).entries()) {
    lines.push(`${indent}- ${schema.unionKind ?? "oneOf"} ${variant.label ?? i + 1} (${typeText(variant.schema)})${schema.discriminator ? `, discriminator \`${schema.discriminator}\`` : ""}`);
    lines.push(...schemaLines(variant.schema, md, depth + 1));
  }
  return lines;
}
function typeText(schema) {
  if (schema.refName) return schema.refName;
  if (schema.items?.refName) return `array of ${schema.items.refName}`;
  if (schema.items) return `array of ${typeText(schema.items)}`;
  return schema.type;
}
function flags(schema) {
  return [schema.nullable ? ", nullable" : "", schema.readOnly ? ", read-only" : "", schema.writeOnly ? ", write-only" : "", schema.deprecated ? ", deprecated" : ""].join("");
}
function constraintText(constraints) {
  if (!constraints) return "";
  const parts = Object.entries(constraints).filter(([, value]) => value !== void 0).map(([key, value]) => `${key}: ${Array.isArray(value) ? value.map((v) => `\`${v}\``).join(", ") : `\`${String(value)}\``}`);
  return parts.length > 0 ? ` [${parts.join("; ")}]` : "";
}
function securityText(security) {
  if (security.length === 0) return "None.";
  return security.map((req) => "- " + req.schemes.map((s) => `${s.key}${s.scopes.length > 0 ? ` (scopes: ${s.scopes.join(", ")})` : ""}`).join(" and ")).join("\n");
}
function oneLine(markdown) {
  return markdown.replace(/\n{2,}/g, " ").replace(/\n/g, " ").trim();
}
var MARKDOWN_SYNTAX = /[\\`*_[\]<>#|~!]|^\s*(?:[-+]|\d+[.)])\s/m;
function plainParagraph(html3) {
  const match = /^<p>((?:[^<>]|<code>[^<>`]*<\/code>)*)<\/p>\s*$/.exec(html3);
  if (!match) return null;
  const parts = match[1].split(/<code>([^<>`]*)<\/code>/);
  const markdown = parts.map((part, i) => {
    const text3 = part.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'" })[name]);
    return i % 2 === 1 ? "`" + text3 + "`" : MARKDOWN_SYNTAX.test(text3) || text3.includes("&") ? null : text3;
  });
  return markdown.includes(null) ? null : markdown.join("").trim();
}

// .scratch/api.ts
for (const f of ["openapi/inventory.yaml", "openapi/zone.yaml"]) {
  const model = await loadApiDocument(f, {});
  let t = performance.now();
  const r = apiTwins(model, "/api/x", { siteUrl: "", baseUrl: "/", isRoute: () => true });
  console.log(f, (performance.now() - t).toFixed(0), "ms", r.reference.length);
  t = performance.now();
  apiTwins(model, "/api/x", { siteUrl: "", baseUrl: "/", isRoute: () => true });
  console.log("again", (performance.now() - t).toFixed(0));
}
