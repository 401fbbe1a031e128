// Where a webhook may be sent. Deliveries carry a creator's data to a URL the operator typed in:
// without these rules a URL could make the service call its own network (server-side request
// forgery). URLs are https://, and an address is checked after DNS resolution, at every
// delivery, on the address actually connected to — except for hosts the operator allow-lists
// (CSAPI_WEBHOOK_ALLOW_HOSTS), which may also use http://.
import { BlockList, isIP } from 'node:net'
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'

// Not the public internet: loopback, private, link-local, carrier-grade NAT, unspecified,
// multicast, reserved, and IPv6's unique-local, link-local and IPv4-mapped forms of those.
const PRIVATE = new BlockList()
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4')
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6')

/** Whether an IP address is outside the public internet. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 4) return PRIVATE.check(address, 'ipv4')
  if (family !== 6) return true
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4')
  return PRIVATE.check(address, 'ipv6')
}

export class AddressRefused extends Error {}

/** Checks a URL's form (not its addresses): https, or http for an allow-listed host; no credentials. */
export function checkUrl(raw: string, allowHosts: readonly string[]): URL {
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
  if (!allowed && isIP(host) && isPrivateAddress(host))
    throw new AddressRefused(`${host} is a private, loopback or link-local address`)
  return url
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void

/**
 * A `lookup` for http.request that refuses private addresses after resolution: the connection
 * goes to the address checked, so a name that resolves differently a moment later (DNS
 * rebinding) cannot slip through.
 */
export function safeLookup(allowHosts: readonly string[]) {
  return (hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, [])
      const list = addresses as LookupAddress[]
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
