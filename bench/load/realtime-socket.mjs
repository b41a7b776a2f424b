// What the realtime benchmark's two processes share (realtime.mjs and its
// realtime-worker.mjs children): the server's address and how a socket opens.
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import path from 'node:path'

const here = path.dirname(fileURLToPath(import.meta.url))
const require = createRequire(path.join(here, '../../web/package.json'))
const { io } = require('socket.io-client')

export const BASE_URL = (process.env.BASE_URL || '').replace(/\/+$/, '')
const CONNECT_TIMEOUT_MS = 30000

export function die(msg) {
  console.error(`realtime bench: ${msg}`)
  process.exit(2)
}

// Resolves with the socket once the server emitted `connected`; rejects on
// connect_error, early disconnect or timeout (the socket is closed then).
export function openSocket(token) {
  return new Promise((resolve, reject) => {
    const socket = io(BASE_URL, {
      auth: { token, user_type: 'candidate' },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      timeout: CONNECT_TIMEOUT_MS,
    })
    const timer = setTimeout(() => done(new Error('timed out waiting for "connected"')), CONNECT_TIMEOUT_MS)
    let settled = false
    function done(err) {
      if (settled) return
      settled = true
      clearTimeout(timer)
      if (err) { socket.close(); reject(err) } else resolve(socket)
    }
    socket.once('connected', () => done())
    socket.once('connect_error', (e) => done(new Error(`connect_error: ${e.message}`)))
    socket.once('disconnect', (reason) => done(new Error(`disconnect: ${reason}`)))
  })
}
