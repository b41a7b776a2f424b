// A real socket.io client for the Rust integration tests: the official
// socket.io-client from web/node_modules. Prints every event it receives as a
// JSON line on stdout; reads `{"emit": name, "data": {...}}` lines from stdin.
//   node client.mjs <url> <token> <user_type> <websocket|polling>
import { createRequire } from 'node:module'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import path from 'node:path'

const here = path.dirname(fileURLToPath(import.meta.url))
const require = createRequire(path.join(here, '../../../web/package.json'))
const { io } = require('socket.io-client')

const [url, token, userType, transport] = process.argv.slice(2)
const out = (event, data) => process.stdout.write(JSON.stringify({ event, data: data ?? null }) + '\n')

const socket = io(url, {
  auth: { token, user_type: userType },
  transports: transport === 'polling' ? ['polling'] : ['websocket'],
  reconnection: false,
  timeout: 10000,
})
socket.on('connect', () => out('connect', { transport: socket.io.engine.transport.name }))
socket.on('connect_error', (err) => out('connect_error', { message: err.message }))
socket.on('disconnect', (reason) => out('disconnect', { reason }))
socket.onAny((event, data) => out(event, data))

createInterface({ input: process.stdin }).on('line', (line) => {
  if (!line.trim()) return
  const { emit, data } = JSON.parse(line)
  if (data === undefined) socket.emit(emit)
  else socket.emit(emit, data)
})
process.stdin.on('end', () => { socket.close(); process.exit(0) })
