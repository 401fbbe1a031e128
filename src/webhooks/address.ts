// Where a webhook may be sent. Deliveries carry a creator's data to a URL the operator typed in:
// without these rules a URL could make the service call its own network (server-side request
// forgery). URLs are https://, and an address is checked after DNS resolution, at every
// delivery, on the address actually connected to — except for hosts the operator allow-lists
// (CSAPI_WEBHOOK_ALLOW_HOSTS), which may also use http://.
import { BlockList, isIP } from 'node:net'
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'

// Not the public internet: IANA's special-purpose ranges that are not globally reachable, and the
// ones that lead to another address (an IPv6 form embedding an IPv4 one, relays, NAT64), which
// could reach a private host through a translator.
const SPECIAL = new BlockList()
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, where cloud metadata lives
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relays
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and broadcast
] as const)
  SPECIAL.addSubnet(net, bits, 'ipv4')
for (const [net, bits] of [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['::ffff:0:0:0', 96], // SIIT (IPv4-translated)
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48], // NAT64, local use
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments: Teredo (2001::/32), benchmarking, ORCHID
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['3fff::', 20], // documentation
  ['5f00::', 16], // SRv6 segment identifiers
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed in some networks)
  ['ff00::', 8], // multicast
] as const)
  SPECIAL.addSubnet(net, bits, 'ipv6')

// The public IPv6 internet is allocated from 2000::/3 only; outside it is reserved or special.
const GLOBAL_UNICAST = new BlockList()
GLOBAL_UNICAST.addSubnet('2000::', 3, 'ipv6')
// An IPv4-mapped address (::ffff:a.b.c.d) is the IPv4 address it maps.
const IPV4_MAPPED = new BlockList()
IPV4_MAPPED.addSubnet('::ffff:0:0', 96, 'ipv6')

/** Whether an IP address is outside the public internet (anything not an IP address is). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 4) return SPECIAL.check(address, 'ipv4')
  if (family !== 6) return true
  // BlockList checks a mapped address against the IPv4 ranges
  if (IPV4_MAPPED.check(address, 'ipv6')) return SPECIAL.check(address, 'ipv6')
  return !GLOBAL_UNICAST.check(address, 'ipv6') || SPECIAL.check(address, 'ipv6')
}

export class AddressRefused extends Error {}

/** Checks a URL's form (not its addresses): https, or http for an allow-listed host; no credentials. */
export function checkUrl(raw: string, allowHosts: readonly string[]): URL {
  // URL parsing drops or encodes these, so the URL checked would not be the text stored and shown
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  if (/[\u0000-\u0020\u007f-\u009f]/.test(raw))
    throw new AddressRefused('a webhook URL has no spaces or control characters (percent-encode them)')
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new AddressRefused(`not a URL: ${raw}`)
  }
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const allowed = allowHosts.includes(host)
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowed))
    throw new AddressRefused(
      `${url.protocol}// is refused: webhook URLs are https:// (hosts in CSAPI_WEBHOOK_ALLOW_HOSTS may use http://)`,
    )
  if (url.username || url.password) throw new AddressRefused('a webhook URL carries no user name or password')
  // WHATWG URL keeps an explicit :0, which no connection can reach
  if (url.port === '0') throw new AddressRefused('port 0 is not a port a webhook can be sent to')
  if (!allowed && isIP(host) && isPrivateAddress(host))
    throw new AddressRefused(`${host} is a private, loopback, link-local or reserved address`)
  return url
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void

/** Resolves a host name to all its addresses: dns.lookup (getaddrinfo, as any client would) by default. */
export type Resolve = (
  hostname: string,
  options: { all: true; family?: number },
  callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void

/**
 * A `lookup` for http.request that refuses private addresses after resolution: the connection
 * goes to the address checked, so a name that resolves differently a moment later (DNS
 * rebinding) cannot slip through.
 */
export function safeLookup(allowHosts: readonly string[], resolve: Resolve = dnsLookup) {
  return (hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback): void => {
    resolve(hostname, { ...options, all: true }, (err, list) => {
      if (err) return callback(err, [])
      if (!allowHosts.includes(hostname)) {
        const bad = list.find((a) => isPrivateAddress(a.address))
        if (bad) return callback(new AddressRefused(`${hostname} resolves to ${bad.address}, a private address`), [])
      }
      if (options.all) return callback(null, list)
      const first = list[0]
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), [])
      callback(null, first.address, first.family)
    })
  }
}
