// The /docs page of the real server in headless Chromium: it lists the three endpoints, and a
// request made from the page with a demo token returns data. The client also runs in the
// browser (transpiled, no bundler), against the same server. Skipped, with a notice, only where
// /usr/bin/chromium is absent (apt-get install -y chromium).
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ts from 'typescript'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import { startServer, type TestServer } from '../support/helpers.js'
import { generateDemoDataset } from '../../src/demo/generate.js'
import { createToken } from '../../src/tokens/tokens.js'

const CHROMIUM = '/usr/bin/chromium'
const skip = existsSync(CHROMIUM)
  ? false
  : `Chromium is not installed at ${CHROMIUM} (apt-get install -y chromium): browser checks skipped`
if (skip) process.stdout.write(`# NOTICE: ${skip}\n`)

const { dataset, accounts } = generateDemoDataset({ size: 'small', today: '2026-05-15' })
const START = '2026-04-01'
const END = '2026-04-30'

describe('docs in a real browser', { skip }, () => {
  let s: TestServer
  let context: BrowserContext
  let page: Page
  let profile: string
  let token = ''
  before(async () => {
    s = await startServer(dataset)
    token = (await createToken(s.db, { accountId: accounts.creator, name: 'docs', expiresAt: null })).token
    profile = mkdtempSync(join(tmpdir(), 'csapi-chromium-'))
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    })
    page = context.pages()[0] ?? (await context.newPage())
    page.setDefaultTimeout(20_000)
  })
  after(async () => {
    await context?.close()
    await s?.close()
    if (profile) rmSync(profile, { recursive: true, force: true })
  })

  test('/docs shows the endpoints', async () => {
    await page.goto(`${s.base}/docs`)
    await page.locator('.opblock').first().waitFor()
    const paths = await page.locator('.opblock-summary-path').allInnerTexts()
    for (const p of [
      '/api/creator/v1/brands',
      '/api/creator/v1/reports',
      '/api/seller/v1/brands',
      '/api/seller/v1/products',
    ]) {
      assert.ok(
        paths.some((x) => x.replace(/\u200b/g, '').trim() === p),
        `${p} is listed (got ${paths.join(', ')})`,
      )
    }
  })

  test(
    "/docs is our product's page: our title and name in the top bar, no URL box, the named " + 'schemas, token help',
    async () => {
      await page.goto(`${s.base}/docs`)
      await page.locator('.opblock').first().waitFor()
      assert.equal(await page.title(), 'Creator and Seller Public API — API reference')
      const logo = page.locator('.topbar a img')
      await logo.waitFor()
      const src = (await logo.getAttribute('src')) ?? ''
      assert.match(
        Buffer.from(src.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString('utf8'),
        /csapi<\/text>.*Creator and Seller Public API/,
      )
      assert.equal(await page.locator('.topbar .download-url-wrapper').isVisible(), false, 'no "Explore" URL box')
      assert.equal(
        await page
          .locator('.topbar input')
          .isVisible()
          .catch(() => false),
        false,
      )
      // Swagger UI lists components/schemas of an OpenAPI 3.1 document under "Schemas"
      const schemas = (
        await page
          .locator(
            'section.models [data-json-schema-level="0"] > .json-schema-2020-12-head .json-schema-2020-12__title',
          )
          .allInnerTexts()
      ).map((t) => t.trim())
      for (const name of [
        'Brand',
        'Product',
        'Commission',
        'ReportRow',
        'ReportLink',
        'Error',
        'ReportPage',
        'SellerBrand',
      ]) {
        assert.ok(schemas.includes(name), `${name} is listed under Schemas (got ${schemas.join(', ')})`)
      }
      await page.locator('button.authorize').first().click()
      const modal = page.locator('.modal-ux')
      assert.match(
        await modal.innerText(),
        // which token each side's endpoints take, in this order
        new RegExp(
          [
            'creator token',
            '/api/creator/v1/ \\(',
            'reports',
            'seller or operator token',
            '/api/seller/v1/ \\(',
            'products',
          ].join('[\\s\\S]*'),
        ),
      )
      await modal.locator('button.close-modal').first().click()

      // The screenshot: the page renders, with our name in the dark top bar above the operations.
      const shot = join(profile, 'docs.png')
      const png = await page.screenshot({ path: shot, fullPage: false })
      assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG')
      assert.ok(png.length > 30_000, `a rendered page, not a blank one (${png.length} bytes)`)
      const bar = (await page.locator('.topbar').boundingBox())!
      const logoBox = (await logo.boundingBox())!
      assert.ok(
        bar.y < 5 && bar.height >= 40 && logoBox.width >= 300,
        `top bar ${JSON.stringify(bar)}, logo ${JSON.stringify(logoBox)}`,
      )
      const topbarColor = await page.locator('.topbar').evaluate((el) => getComputedStyle(el).backgroundColor)
      assert.notEqual(topbarColor, 'rgba(0, 0, 0, 0)')
      if (process.env.CSAPI_DOCS_SCREENSHOT) {
        const { copyFileSync } = await import('node:fs')
        copyFileSync(shot, process.env.CSAPI_DOCS_SCREENSHOT)
      }
    },
  )

  test('authorize with a demo token, Try it out, Execute: 200 with rows', async () => {
    await page.goto(`${s.base}/docs`)
    await page.locator('button.authorize').first().click()
    const modal = page.locator('.modal-ux')
    await modal.locator('input').first().fill(token)
    await modal.locator('button.modal-btn.authorize').click()
    await modal.locator('button.modal-btn.btn-done, button.close-modal').first().click()

    const op = page.locator('#operations-creator-listCreatorReports')
    await op.locator('.opblock-summary').click()
    await op.locator('button.try-out__btn').click()
    await op.locator('tr[data-param-name="start"] input').fill(START)
    await op.locator('tr[data-param-name="end"] input').fill(END)
    await op.locator('tr[data-param-name="limit"] input').fill('5')

    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/creator/v1/reports')),
      op.locator('button.execute').click(),
    ])
    assert.equal(response.request().headers().authorization, `Bearer ${token}`)
    assert.equal(response.status(), 200)
    const body = (await response.json()) as { reports: { date: string }[]; next_cursor: string | null }
    assert.equal(body.reports.length, 5)
    assert.ok(body.reports.every((r) => r.date >= START && r.date <= END))
    // the page itself shows the 200 and the rows
    const live = op.locator('.live-responses-table')
    await live.waitFor()
    assert.equal((await live.locator('tbody .response-col_status').first().innerText()).trim(), '200')
    assert.match(await live.locator('tbody .response-col_description').first().innerText(), /"reports": \[/)
  })

  test('the client runs in the browser: same-origin page, every row of a month, typed errors', async () => {
    // serve src/client transpiled to plain ES modules under an unused path of the server's origin
    const dir = new URL('../../src/client/', import.meta.url)
    const files = new Map<string, string>()
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.ts'))) {
      const js = ts.transpileModule(readFileSync(new URL(f, dir), 'utf8'), {
        compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 },
      })
      files.set(f.replace(/\.ts$/, '.js'), js.outputText)
    }
    await page.route(`${s.base}/__client/**`, (route) => {
      const name = new URL(route.request().url()).pathname.replace('/__client/', '')
      if (name === 'index.html')
        return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>client</title>' })
      const body = files.get(name)
      return body === undefined
        ? route.fulfill({ status: 404, body: '' })
        : route.fulfill({ contentType: 'text/javascript', body })
    })
    await page.goto(`${s.base}/__client/index.html`)
    const result = await page.evaluate(
      async ({ token, start, end }) => {
        const m = await import('/__client/index.js' as string)
        const client = new m.Client({ token, baseUrl: location.origin })
        const rows = await client.creator.reports.list({ start, end, limit: 7 }).toArray()
        const first = await client.creator.reports.list({ start, end, limit: 7 })
        let error = ''
        try {
          await new m.Client({ token: 'nope_nope_nope_nope_nope', baseUrl: location.origin }).creator.brands.list()
        } catch (e) {
          error =
            `${(e as Error).constructor.name} ${(e as { status: number }).status} ` +
            `${(e as { code: string }).code} ${Boolean((e as { requestId: string }).requestId)}`
        }
        return { count: rows.length, firstPage: first.reports.length, error }
      },
      { token, start: START, end: END },
    )
    const links = new Set(dataset.links.filter((l) => l.creator_id === accounts.creator).map((l) => l.id))
    const expected = dataset.report_rows.filter((r) => links.has(r.link_id) && r.date >= START && r.date <= END).length
    assert.ok(expected > 7)
    assert.deepEqual(result, { count: expected, firstPage: 7, error: 'AuthenticationError 401 invalid_api_token true' })
  })
})
