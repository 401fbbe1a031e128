// The webhook address rules (src/webhooks/address.ts, docs/webhooks.md "Addresses"): every address
// outside the public internet is refused, written in the URL or answered by DNS, at every attempt.
// The hostile set is the IPv4 forms a URL parser turns into a private address, and the IPv6 forms
// that embed one (IPv4-mapped and -compatible, SIIT, 6to4, Teredo, NAT64) or are not global
// unicast (site-local, discard, documentation, unique-local, link-local, multicast).
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import { once } from 'node:events'
import type { LookupAddress } from 'node:dns'
import { AddressRefused, checkUrl, isPrivateAddress } from '../../src/webhooks/address.js'
import { send, type SendOptions } from '../../src/webhooks/send.js'
import { HOSTILE_V4_HOSTS, HOSTILE_V6, PUBLIC, URL_FORM } from '../support/hostile-addresses.js'

test('isPrivateAddress: every non-public form is refused, public addresses pass', () => {
  for (const a of HOSTILE_V6) assert.equal(isPrivateAddress(a), true, a)
  for (const a of ['127.0.0.1', '10.1.2.3', '169.254.169.254', '192.0.2.1', '255.255.255.255'])
    assert.equal(isPrivateAddress(a), true, a)
  for (const a of PUBLIC) assert.equal(isPrivateAddress(a), false, a)
  assert.equal(isPrivateAddress('not-an-address'), true)
})

test('checkUrl refuses each hostile host written in the URL, naming it; public hosts pass', () => {
  const hosts = [...HOSTILE_V4_HOSTS, ...HOSTILE_V6.filter((a) => !a.includes('%'))]
  for (const host of hosts) {
    const url = `https://${URL_FORM(host)}/hook`
    assert.throws(
      () => checkUrl(url, []),
      (err: Error) =>
        err instanceof AddressRefused && /is a private, loopback, link-local or reserved address/.test(err.message),
      url,
    )
  }
  for (const host of PUBLIC) assert.equal(checkUrl(`https://${URL_FORM(host)}/hook`, []).protocol, 'https:', host)
})

test('checkUrl refuses port 0, which no connection reaches; an explicit port otherwise passes', () => {
  for (const url of ['https://93.184.215.14:0/h', 'https://example.com:0/h', 'https://[2606:2800:220:1::]:0/h'])
    assert.throws(
      () => checkUrl(url, []),
      (err: Error) => err instanceof AddressRefused && /port 0/.test(err.message),
      url,
    )
  assert.equal(checkUrl('https://example.com:8443/h', []).port, '8443')
})

test('checkUrl refuses spaces and control characters, which URL parsing would drop or encode unseen', () => {
  for (const c of ['\u0000', '\t', '\n', '\r', ' ', '\u001b', '\u007f', '\u0085', '\u009b'])
    assert.throws(
      () => checkUrl(`https://exa${c}mple.com/h`, []),
      (err: Error) => err instanceof AddressRefused && /no spaces or control characters/.test(err.message),
      JSON.stringify(c),
    )
  assert.equal(checkUrl('https://example.com/caf%C3%A9', []).pathname, '/caf%C3%A9')
})

describe('send: refused before any connection, via the URL and via DNS, at every attempt', () => {
  let rx: Server
  let port = 0
  let received = 0
  before(async () => {
    rx = createServer((req, res) => {
      received++
      req.resume()
      req.on('end', () => res.end('ok'))
    })
    rx.listen(0, '127.0.0.1')
    await once(rx, 'listening')
    port = (rx.address() as { port: number }).port
  })
  after(() => rx.close())
  const event = { id: 'evt_00000000000000000000000000000000', body: '{}' }
  const secret = `whsec_${Buffer.alloc(32, 1).toString('base64')}`

  /** A resolver answering `name` with `answers` (all of them, as getaddrinfo does); counts its calls. */
  function resolver(answers: Record<string, string[]>) {
    const calls: string[] = []
    const lookup: SendOptions['lookup'] = (hostname, _options, callback) => {
      calls.push(hostname)
      const list = answers[hostname]
      if (!list)
        return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), [])
      setImmediate(() =>
        callback(
          null,
          list.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 })),
        ),
      )
    }
    return { lookup, calls }
  }

  test('a hostile address in the URL: refused at each attempt, nothing sent', async () => {
    for (const host of [...HOSTILE_V4_HOSTS, ...HOSTILE_V6.filter((a) => !a.includes('%'))]) {
      const r = await send(`https://${URL_FORM(host)}:${port}/hook`, [secret], event, {
        timeoutMs: 2000,
        allowHosts: [],
      })
      assert.equal(r.ok, false, host)
      assert.equal(r.status, null, host)
      assert.match(r.error!, /is a private, loopback, link-local or reserved address/, host)
    }
    assert.equal(received, 0)
  })

  test('a name that resolves to a hostile address: refused at each attempt, nothing sent', async () => {
    const hostile = [...HOSTILE_V6, '127.0.0.1', '10.0.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0']
    const dns = resolver(Object.fromEntries(hostile.map((a, i) => [`h${i}.example.com`, [a]])))
    for (const [i, address] of hostile.entries()) {
      for (let attempt = 1; attempt <= 2; attempt++) {
        const r = await send(`https://h${i}.example.com:${port}/hook`, [secret], event, {
          timeoutMs: 2000,
          allowHosts: [],
          lookup: dns.lookup,
        })
        assert.equal(r.ok, false, address)
        assert.equal(r.error, `h${i}.example.com resolves to ${address}, a private address`)
      }
    }
    assert.equal(dns.calls.length, hostile.length * 2, 'resolved and checked at every attempt')
    assert.equal(received, 0)
  })

  test('one hostile address among public ones refuses the name', async () => {
    const dns = resolver({ 'mixed.example.com': ['93.184.215.14', '2606:4700:4700::1111', '::ffff:0:a00:1'] })
    const r = await send(`https://mixed.example.com:${port}/hook`, [secret], event, {
      timeoutMs: 2000,
      allowHosts: [],
      lookup: dns.lookup,
    })
    assert.equal(r.error, 'mixed.example.com resolves to ::ffff:0:a00:1, a private address')
    assert.equal(received, 0)
  })

  test('the connection goes to the address resolved and checked (an allow-listed name here)', async () => {
    const dns = resolver({ 'receiver.test': ['127.0.0.1'] })
    const r = await send(`http://receiver.test:${port}/hook`, [secret], event, {
      timeoutMs: 2000,
      allowHosts: ['receiver.test'],
      lookup: dns.lookup,
    })
    assert.deepEqual([r.ok, r.status, r.error], [true, 200, null])
    assert.deepEqual(dns.calls, ['receiver.test'])
    assert.equal(received, 1)
  })
})
