// Latency against page depth as a plain SVG (no plotting dependency): one line per server,
// p50 solid and p99 dashed, on a logarithmic latency axis.
export interface DepthSeries {
  label: string
  color: string
  points: { depth: number; p50_ms: number; p99_ms: number }[]
}

const W = 720
const H = 420
const M = { left: 70, right: 170, top: 40, bottom: 60 }

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

export function depthPlot(title: string, series: DepthSeries[]): string {
  const depths = [...new Set(series.flatMap((s) => s.points.map((p) => p.depth)))].sort((a, b) => a - b)
  const values = series.flatMap((s) => s.points.flatMap((p) => [p.p50_ms, p.p99_ms])).filter((v) => v > 0)
  const lo = Math.floor(Math.log10(Math.min(...values, 1)))
  const hi = Math.ceil(Math.log10(Math.max(...values, 10)))
  const pw = W - M.left - M.right
  const ph = H - M.top - M.bottom
  // depths are spread evenly (they grow geometrically); latency on log10
  const x = (d: number) => M.left + (depths.length === 1 ? pw / 2 : (depths.indexOf(d) / (depths.length - 1)) * pw)
  const y = (ms: number) => M.top + ph - ((Math.log10(Math.max(ms, 10 ** lo)) - lo) / (hi - lo)) * ph
  const parts: string[] = []
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" ` +
      `font-family="sans-serif" font-size="12">`,
  )
  parts.push(`<rect width="${W}" height="${H}" fill="white"/>`)
  parts.push(`<text x="${M.left}" y="22" font-size="14" font-weight="bold">${esc(title)}</text>`)
  for (let e = lo; e <= hi; e++) {
    const yy = y(10 ** e).toFixed(1)
    parts.push(`<line x1="${M.left}" x2="${M.left + pw}" y1="${yy}" y2="${yy}" stroke="#ddd"/>`)
    parts.push(
      `<text x="${M.left - 8}" y="${yy}" text-anchor="end" dominant-baseline="middle">` +
        `${10 ** e >= 1 ? 10 ** e : (10 ** e).toFixed(-e)} ms</text>`,
    )
  }
  for (const d of depths) {
    parts.push(`<line x1="${x(d)}" x2="${x(d)}" y1="${M.top}" y2="${M.top + ph}" stroke="#eee"/>`)
    parts.push(`<text x="${x(d)}" y="${M.top + ph + 18}" text-anchor="middle">${d.toLocaleString('en-US')}</text>`)
  }
  parts.push(
    `<text x="${M.left + pw / 2}" y="${H - 15}" text-anchor="middle">rows skipped before the page (limit 100)</text>`,
  )
  parts.push(
    `<text transform="translate(16 ${M.top + ph / 2}) rotate(-90)" text-anchor="middle">latency (log scale)</text>`,
  )
  series.forEach((s, i) => {
    const pts = [...s.points].sort((a, b) => a.depth - b.depth)
    for (const [key, dash] of [
      ['p50_ms', ''],
      ['p99_ms', ' stroke-dasharray="5 4"'],
    ] as const) {
      const path = pts.map((p) => `${x(p.depth).toFixed(1)},${y(p[key]).toFixed(1)}`).join(' ')
      parts.push(`<polyline fill="none" stroke="${s.color}" stroke-width="2"${dash} points="${path}"/>`)
    }
    for (const p of pts)
      parts.push(`<circle cx="${x(p.depth).toFixed(1)}" cy="${y(p.p50_ms).toFixed(1)}" r="3" fill="${s.color}"/>`)
    const ly = M.top + 10 + i * 20
    parts.push(
      `<line x1="${W - M.right + 15}" x2="${W - M.right + 40}" y1="${ly}" y2="${ly}" ` +
        `stroke="${s.color}" stroke-width="2"/>`,
    )
    parts.push(`<text x="${W - M.right + 46}" y="${ly}" dominant-baseline="middle">${esc(s.label)}</text>`)
  })
  const ly = M.top + 10 + series.length * 20 + 10
  parts.push(`<text x="${W - M.right + 15}" y="${ly}" fill="#555">solid: p50, dashed: p99</text>`)
  parts.push('</svg>')
  return parts.join('\n') + '\n'
}
