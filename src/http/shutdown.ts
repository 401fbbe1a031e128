// Closing the HTTP server at shutdown without resetting a connection the kernel has accepted.
// Calling http.Server#close() at once does reset some, for two reasons (measured on Node 20):
//
// - libuv (since 1.45) takes one connection off the listening socket's queue per event-loop
//   turn, and closing the listening socket resets every connection still queued, though the
//   kernel completed its handshake and the client may have sent its request. A busy server can
//   have dozens queued. So the listener is closed only after a turn that found nothing to accept.
// - http.Server#close() (Node 19+) first calls closeIdleConnections(), which destroys each
//   kept-alive connection between two requests, unwarned, although its client was promised it
//   for `Keep-Alive: timeout=N` and may be sending its next request this instant. (A connection
//   that has not sent its first request yet counts as busy, so it is spared.)
//   net.Server#close() only stops listening; the connections close by themselves once answered
//   with Connection: close (the app's drain()) or at their keep-alive timeout.
import net from 'node:net'

/**
 * Stops listening once no connection waits to be accepted (or after `maxAcceptMs` of connections
 * that keep arriving), calls `stopped` then, and resolves when the last open connection has closed.
 */
export function closeServer(server: net.Server, maxAcceptMs: number, stopped: () => void = () => {}): Promise<void> {
  return new Promise((resolve, reject) => {
    let accepted = 0
    const count = () => accepted++
    server.on('connection', count)
    const until = Date.now() + maxAcceptMs
    let turns = 0
    // setImmediate callbacks run once per turn, after the poll phase that accepts: a turn that
    // accepted nothing polled an empty queue. The first turn may have polled before the count
    // started, so it never decides.
    const check = () => {
      if (turns++ === 0 || (accepted > 0 && Date.now() < until)) {
        accepted = 0
        setImmediate(check)
        return
      }
      server.off('connection', count)
      net.Server.prototype.close.call(server, (err?: Error) => (err ? reject(err) : resolve()))
      stopped()
    }
    setImmediate(check)
  })
}
