// .scratch/twin.ts
import fs from "node:fs";

// src/node/render/markdown-twin.ts
import { toMdast } from "hast-util-to-mdast";
import { toString as hastToString } from "hast-util-to-string";
import { gfmToMarkdown } from "mdast-util-gfm";
import { toMarkdown } from "mdast-util-to-markdown";

// src/shared/twin-url.ts
function twinPath(path) {
  if (path.endsWith("/")) return path + "index.md";
  return path + ".md";
}

// src/shared/urls.ts
function withBase(base, path) {
  if (!path.startsWith("/") || path.startsWith("//")) return path;
  return base === "/" ? path : base.slice(0, -1) + path;
}
function stripBase(base, pathname) {
  if (base === "/") return pathname;
  if (pathname === base.slice(0, -1)) return "/";
  return pathname.startsWith(base) ? pathname.slice(base.length - 1) : null;
}

// src/node/render/markdown-twin.ts
var DROPPED = /* @__PURE__ */ new Set(["button", "script", "style", "svg", "template", "input", "noscript"]);
function pageTwin(page, links) {
  const head = [`# ${page.title}`];
  if (page.description) head.push(page.description);
  if (page.kind === "home" && page.extra) head.push(...homeExtras(page.extra, links));
  const body = page.content ? contentMarkdown(page.content, { links, pagePath: page.path, title: page.title }) : "";
  return [...head, body].filter((part) => part.trim() !== "").join("\n\n").trimEnd() + "\n";
}
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
function text(value) {
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
  const label = titled ? element("p", [element("strong", [text(hastToString(title).trim())])]) : null;
  return element("blockquote", [...label ? [label] : [], ...twinChildren(titled ? rest : node.children)]);
}
function tabs(node) {
  const elements = node.children.filter((c) => c.type === "element");
  const labels = elements.filter((c) => classesOf(c).includes("dg-tabs__label"));
  const panels = elements.filter((c) => classesOf(c).includes("dg-tabs__panel"));
  return panels.flatMap((panel, i) => [element("p", [element("strong", [text(labels[i] ? hastToString(labels[i]).trim() : `${i + 1}`)])]), ...twinChildren(panel.children)]);
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
  return element("pre", [element("code", [text(codeText(code ?? pre))], { className })], title ? { dataTitle: hastToString(title).trim() } : {});
}
function codeText(node) {
  return twinChildren(node.children).map((c) => c.type === "element" ? codeText(c) : c.type === "text" ? c.value : "").join("");
}
function diagram(node) {
  const source = findElement(node, (e) => e.tagName === "code" && classesOf(e).some((c) => c.startsWith("language-")));
  if (source) return [element("pre", [element("code", [text(hastToString(source))], { className: classesOf(source).filter((c) => c.startsWith("language-")) })])];
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
  const visit = (node) => {
    if (node.type === "link" || node.type === "image") node.url = twinUrl(node.url, links, pagePath, node.type === "link");
    if ("children" in node) for (const child of node.children) visit(child);
  };
  visit(tree);
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
function homeExtras(extra, links) {
  const hero = extra.hero;
  const features = extra.features ?? [];
  const link = (label, href) => {
    const url = twinUrl(withBase(links.baseUrl, href), links, "/");
    return toMarkdown({ type: "link", url, children: [{ type: "text", value: label }] }).trim();
  };
  const blocks = [];
  if (hero?.name) blocks.push(`## ${hero.name}`);
  if (hero?.text) blocks.push(hero.text);
  if (hero?.tagline) blocks.push(hero.tagline);
  if (hero?.actions?.length) blocks.push(hero.actions.map((a) => `- ${link(a.text, a.link)}`).join("\n"));
  if (features.length > 0) blocks.push(features.map((f) => `- ${f.link ? link(f.title, f.link) : `**${f.title}**`}${f.details ? `: ${f.details}` : ""}`).join("\n"));
  return blocks;
}

// .scratch/twin.ts
var routes = new Set(fs.readdirSync("/tmp/llms-base/assets/data").map((f) => f));
var d = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
console.log(pageTwin(d, { siteUrl: "https://docs.tsunagi.example", baseUrl: "/", isRoute: (p) => p.startsWith("/docs") || p === "/" }));
