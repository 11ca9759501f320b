import { createServer } from 'node:net'

/**
 * A port free on 127.0.0.1 now, as the system hands one out: for a server process a test starts.
 * Never a port computed from a number (a process id, say): those fall in the range the system
 * gives to outgoing connections, and one in use there stops the server with EADDRINUSE.
 */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })
