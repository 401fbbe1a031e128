// Shutdown's drain, read where each answer's headers are written. Once it starts (serve() calls
// app.drain() on the signal), every answer says Connection: close and its connection closes
// after it, so that no client sends a further request on a connection about to close: answers
// to requests that arrived before the signal included.
//
// Node writes that header itself for a response that must not keep its connection alive. A
// response class of our own turns keep-alive off at writeHead once draining, which costs a
// request one boolean test; an onSend hook did the same at the cost of Fastify's hook runner on
// every answer (docs/performance.md).
import { ServerResponse, type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders } from 'node:http'

type Headers = OutgoingHttpHeaders | OutgoingHttpHeader[]

export class Drain {
  draining = false

  /** The http.Server's response class (its `ServerResponse` option). */
  readonly Response = drainAwareResponse(this)
}

function drainAwareResponse(drain: { readonly draining: boolean }): typeof ServerResponse {
  return class DrainAwareResponse<Req extends IncomingMessage = IncomingMessage> extends ServerResponse<Req> {
    override writeHead(statusCode: number, reasonOrHeaders?: string | Headers, headers?: Headers): this {
      if (drain.draining) this.shouldKeepAlive = false
      return typeof reasonOrHeaders === 'string'
        ? super.writeHead(statusCode, reasonOrHeaders, headers)
        : super.writeHead(statusCode, reasonOrHeaders)
    }
  }
}
