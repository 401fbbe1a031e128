// The webhook address rules' hostile set (src/webhooks/address.ts), shared by the tests of the
// rules themselves and of the API that applies them: IPv4 forms a URL parser turns into a private
// address, and IPv6 forms that embed one or are not global unicast.

/** URL host forms that the URL parser turns into a non-public IPv4 address. */
export const HOSTILE_V4_HOSTS = [
  '127.0.0.1',
  '127.1',
  '2130706433',
  '0x7f000001',
  '0177.0.0.1',
  '0',
  '0.0.0.0',
  '10.1.2.3',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.1.10',
  '169.254.169.254',
  '100.64.0.1',
  '192.0.0.8',
  '192.0.2.1',
  '198.18.0.1',
  '198.51.100.7',
  '203.0.113.5',
  '224.0.0.1',
  '240.0.0.1',
  '255.255.255.255',
]

/** Non-public IPv6 addresses: the ones issue 33 found passing first. */
export const HOSTILE_V6 = [
  '::7f00:1', // IPv4-compatible ::/96
  '::127.0.0.1',
  '::a9fe:a9fe',
  '::ffff:0:7f00:1', // SIIT ::ffff:0:0:0/96
  '::ffff:0:a00:1',
  '2002:7f00:1::', // 6to4 2002::/16
  '2002:a9fe:a9fe::1',
  '2002:808:808::1', // 6to4 of a public IPv4: still a relay, not a host of its own
  'fec0::1', // site-local fec0::/10
  'feff::1',
  '100::1', // discard 100::/64
  '2001::1', // Teredo 2001::/32
  '2001:0:4136:e378:8000:63bf:3fff:fdd2',
  // and the ones refused before
  '::',
  '::1',
  '0:0:0:0:0:0:0:1',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:a9fe:a9fe',
  '::ffff:10.0.0.1',
  '0:0:0:0:0:ffff:c0a8:10a',
  'fc00::1',
  'fd12:3456::1',
  'fe80::1',
  'fe80::1%eth0',
  'ff02::1',
  '64:ff9b::7f00:1', // NAT64
  '64:ff9b:1::1',
  '2001:db8::1', // documentation
  '3fff::1',
  '5f00::1', // SRv6 segment identifiers
  '4000::1', // outside global unicast 2000::/3: not allocated
  '1::1',
]

export const PUBLIC = [
  '8.8.8.8',
  '93.184.215.14',
  '1.1.1.1',
  '::ffff:8.8.8.8', // IPv4-mapped public: it is the public IPv4 address
  '2606:4700:4700::1111',
  '2001:4860:4860::8888', // 2001:4860::/32 is Google's, beside Teredo's 2001::/32
  '2a00:1450:4001:80b::200e',
]

/** A host as written in a URL. */
export const URL_FORM = (host: string) => (host.includes(':') ? `[${host}]` : host)
