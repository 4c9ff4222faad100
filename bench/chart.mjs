/**
 * A hand-written SVG line chart of median cold build time against page count (log-scale x axis, linear y), with
 * the issue's goals drawn as hollow markers.
 */

const W = 640;
const H = 400;
const PAD = { left: 64, right: 56, top: 40, bottom: 56 };

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A "nice" axis step (1, 2 or 5 times a power of ten) giving about `ticks` ticks up to `max`. */
function niceStep(max, ticks) {
  const raw = max / ticks;
  const pow = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * pow).find((s) => s >= raw);
}

/**
 * Renders the chart.
 * @param {{ points: { pages: number, seconds: number }[], goals?: { pages: number, seconds: number }[], title?: string }} options
 *   measured medians (seconds) per page count; goal ceilings to mark
 * @returns {string} a standalone SVG document
 */
export function renderBuildTimeChart({ points, goals = [], title = 'docgen: median cold build time' }) {
  const pts = points.filter((p) => p.pages > 0 && Number.isFinite(p.seconds)).sort((a, b) => a.pages - b.pages);
  const all = [...pts, ...goals];
  const minX = Math.log10(Math.min(...all.map((p) => p.pages), 10));
  const maxX = Math.log10(Math.max(...all.map((p) => p.pages), 100));
  const step = niceStep(Math.max(...all.map((p) => p.seconds), 1), 5);
  const maxY = Math.ceil(Math.max(...all.map((p) => p.seconds), 1) / step) * step;
  const x = (pages) => PAD.left + ((Math.log10(pages) - minX) / (maxX - minX || 1)) * (W - PAD.left - PAD.right);
  const y = (s) => H - PAD.bottom - (s / maxY) * (H - PAD.top - PAD.bottom);
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="system-ui, sans-serif" font-size="12">`,
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    `<text x="${W / 2}" y="22" text-anchor="middle" font-size="15" font-weight="bold">${esc(title)}</text>`,
  ];
  for (let v = 0; v <= maxY + 1e-9; v += step) {
    out.push(`<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${y(v)}" y2="${y(v)}" stroke="#e5e5e5"/>`);
    out.push(`<text x="${PAD.left - 8}" y="${y(v) + 4}" text-anchor="end" fill="#444">${+v.toFixed(3)}</text>`);
  }
  for (let e = Math.ceil(minX); e <= Math.floor(maxX); e++) {
    out.push(`<line x1="${x(10 ** e)}" x2="${x(10 ** e)}" y1="${PAD.top}" y2="${H - PAD.bottom}" stroke="#e5e5e5"/>`);
    out.push(
      `<text x="${x(10 ** e)}" y="${H - PAD.bottom + 18}" text-anchor="middle" fill="#444">${(10 ** e).toLocaleString('en')}</text>`,
    );
  }
  out.push(
    `<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${H - PAD.bottom}" y2="${H - PAD.bottom}" stroke="#333"/>`,
  );
  out.push(`<line x1="${PAD.left}" x2="${PAD.left}" y1="${PAD.top}" y2="${H - PAD.bottom}" stroke="#333"/>`);
  out.push(`<text x="${(W + PAD.left - PAD.right) / 2}" y="${H - 14}" text-anchor="middle">pages (log scale)</text>`);
  out.push(
    `<text transform="translate(18 ${(H + PAD.top - PAD.bottom) / 2}) rotate(-90)" text-anchor="middle">seconds (median wall time)</text>`,
  );
  if (pts.length > 1)
    out.push(
      `<polyline fill="none" stroke="#0b6bcb" stroke-width="2" points="${pts.map((p) => `${x(p.pages)},${y(p.seconds)}`).join(' ')}"/>`,
    );
  for (const p of pts) {
    out.push(
      `<circle cx="${x(p.pages)}" cy="${y(p.seconds)}" r="4" fill="#0b6bcb"><title>${p.pages} pages: ${p.seconds.toFixed(2)} s</title></circle>`,
    );
    out.push(
      `<text x="${x(p.pages)}" y="${y(p.seconds) - 10}" text-anchor="middle" fill="#0b6bcb">${p.seconds.toFixed(2)} s</text>`,
    );
  }
  for (const g of goals) {
    out.push(
      `<rect x="${x(g.pages) - 5}" y="${y(g.seconds) - 5}" width="10" height="10" fill="none" stroke="#c4161c" stroke-width="1.5"><title>goal: ${g.pages} pages ≤ ${g.seconds} s</title></rect>`,
    );
  }
  const ly = PAD.top + 6;
  out.push(
    `<circle cx="${PAD.left + 16}" cy="${ly}" r="4" fill="#0b6bcb"/><text x="${PAD.left + 26}" y="${ly + 4}">measured (cold)</text>`,
  );
  out.push(
    `<rect x="${PAD.left + 131}" y="${ly - 5}" width="10" height="10" fill="none" stroke="#c4161c" stroke-width="1.5"/><text x="${PAD.left + 146}" y="${ly + 4}">goal</text>`,
  );
  out.push('</svg>');
  return out.join('\n') + '\n';
}
