// Requests the scenarios make while they are built and checked.
export const auth = (token: string) => ({ authorization: `Bearer ${token}` })

export async function getJson(url: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  const res = await fetch(url, init)
  const text = await res.text()
  if (res.status !== 200) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${text.slice(0, 300)}`)
  return JSON.parse(text) as Record<string, unknown>
}
