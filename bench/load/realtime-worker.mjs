// A child process of bench/load/realtime.mjs (forked WORKERS times): holds
// bystander and idle sockets for it, so 10,000 socket.io clients do not slow
// the process that times the pushes.
// Messages in: {id, op: 'open', tokens, count, batch} | {id, op: 'stats'} | {id, op: 'close'}.
// Every socket here is a bystander: any `notification` it receives is counted.
import { openSocket } from './realtime-socket.mjs'

const sockets = []
let notifications = 0
let disconnects = 0
const reasons = []
const handlers = {
  async open({ tokens, count, batch }) {
    let opened = 0
    const errors = []
    for (let start = 0; start < count; start += batch) {
      const n = Math.min(batch, count - start)
      const results = await Promise.allSettled(
        Array.from({ length: n }, (_, k) => openSocket(tokens[(sockets.length + start + k) % tokens.length])),
      )
      for (const r of results) {
        if (r.status === 'fulfilled') {
          const s = r.value
          s.on('notification', () => { notifications++ })
          s.on('disconnect', (reason) => {
            if (s.closing) return
            disconnects++
            if (reasons.length < 5) reasons.push(reason)
          })
          sockets.push(s)
          opened++
        } else if (errors.length < 5) errors.push(r.reason.message)
      }
    }
    return { opened, failed: count - opened, errors }
  },
  async stats() {
    return { open: sockets.filter((s) => s.connected).length, held: sockets.length, notifications, disconnects, reasons }
  },
  async close() {
    for (const s of sockets) { s.closing = true; s.close() }
    sockets.length = 0
    return {}
  },
}
process.on('message', async (msg) => {
  try {
    process.send({ id: msg.id, ok: true, ...(await handlers[msg.op](msg)) })
  } catch (e) {
    process.send({ id: msg.id, ok: false, error: e?.stack || String(e) })
  }
})
process.on('disconnect', () => process.exit(0))
