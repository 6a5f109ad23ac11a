// The live review server (server/review/) with real socket.io clients and a real Redis (Debian's
// redis-server, started here on a free port): joining, what a late joiner gets, the checks every message
// goes through (token, origin, schema, size, rate), and a room across two server processes.
// Runs under tsx (`node --import tsx --test`).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { io } from 'socket.io-client';
import { encodeCamera, newRoomId, REVIEW_LIMITS } from '../../core/collab/reviewProtocol.ts';
import { startReviewServer } from '../../server/review/reviewServer.ts';
import { redisServerPath, startRedis } from '../support/redisServer.mjs';

const SECRET = 'test-secret';
const clients = [];
let redis = null;

before(async () => {
  redis = await startRedis();
});
after(() => {
  for (const client of clients) client.close();
  redis?.stop();
});

let sessions = 0;
function connect(url, { token = SECRET, sessionId = `session${String(++sessions).padStart(4, '0')}`, headers } = {}) {
  const socket = io(url, { transports: ['websocket'], query: { sessionId }, auth: { token }, reconnection: false, forceNew: true, extraHeaders: headers });
  clients.push(socket);
  return socket;
}

const connected = (socket) =>
  new Promise((resolve, reject) => {
    if (socket.connected) return resolve(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });

/** The next `event` (the next one that `wanted` accepts, when given). */
const next = (socket, event, timeoutMs = 3000, wanted = () => true) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (payload) => {
      if (!wanted(payload)) return;
      socket.off(event, listener);
      clearTimeout(timer);
      resolve(payload);
    };
    socket.on(event, listener);
  });

/** Everything an event brings within a time. */
function collect(socket, event) {
  const got = [];
  socket.on(event, (payload) => got.push(payload));
  return got;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const camera = (id, x) => encodeCamera(id, true, { x, y: 2, z: 3 }, { x: 0, y: 0, z: 0 }, { x: 0, y: 0, z: 1 });

test('a joiner gets the users, the controller, the last state and the chat; camera, chat and /nick reach the room', async () => {
  const server = await startReviewServer({ secret: SECRET });
  try {
    const room = newRoomId('models-house');
    const ann = await connected(connect(server.url, { sessionId: 'annannann' }));
    const first = await ann.emitWithAck('join', { roomId: room, name: 'Ann' });
    assert.equal(first.controller, 'annannann', 'the first in a room drives');
    assert.deepEqual(first.users.map((user) => user.name), ['Ann']);
    assert.deepEqual(await ann.emitWithAck('message', { type: 'state', msg: { objectSet: [{ id: [7] }] } }), { ok: true });
    const stored = await ann.emitWithAck('message', { type: 'txt', msg: 'Look at the <b>roof</b>' });
    assert.ok(stored.ok && stored.id);

    const bob = await connected(connect(server.url, { sessionId: 'bobbobbob' }));
    const annHearsJoin = next(ann, 'joined');
    const late = await bob.emitWithAck('join', { roomId: room, name: 'Bob' });
    assert.deepEqual(late.state, { objectSet: [{ id: [7] }] }, 'the last shared state');
    assert.deepEqual(late.history.map((entry) => [entry.name, entry.msg]), [['Ann', 'Look at the <b>roof</b>']], 'the chat so far, text as sent');
    assert.deepEqual(late.users.map((user) => user.name).sort(), ['Ann', 'Bob']);
    assert.equal((await annHearsJoin).user.name, 'Bob');

    // A camera message with the control flag passes control; the sender id in it is the server's.
    const annCamera = next(ann, 'camera');
    const control = next(ann, 'controlChange');
    await bob.emitWithAck('message', { type: 'camera', msg: camera('mallory', 5) });
    const received = await annCamera;
    assert.equal(received.from, 'bobbobbob');
    assert.equal(received.msg[0], 'bobbobbob', 'the sender in the array is who sent it, not who it claims');
    assert.deepEqual(received.msg.slice(2, 5), [5, 2, 3]);
    assert.deepEqual(await control, { userId: 'bobbobbob' });

    // /nick renames and is no chat message.
    // The list is sent a short while after a change: one sent for Bob's join may still come first.
    const renamed = next(ann, 'userListChange', 3000, ({ users }) => users.some((user) => user.name === 'Robert'));
    assert.equal((await bob.emitWithAck('message', { type: 'txt', msg: '/nick Robert' })).name, 'Robert');
    assert.deepEqual((await renamed).users.map((user) => user.name).sort(), ['Ann', 'Robert']);
    const third = await connected(connect(server.url));
    const view = await third.emitWithAck('join', { roomId: room, name: 'Cy' });
    assert.equal(view.history.length, 1, 'the command is not in the history');
    assert.equal(view.controller, 'bobbobbob');

    // Private messages reach their target only.
    const bobPrivate = next(bob, 'private');
    const cyPrivate = collect(third, 'private');
    await ann.emitWithAck('message', { type: 'offer', target: 'bobbobbob', msg: { sdp: 'v=0' } });
    assert.deepEqual(await bobPrivate, { type: 'offer', from: 'annannann', msg: { sdp: 'v=0' } });
    await sleep(100);
    assert.equal(cyPrivate.length, 0);

    // Leaving tells the room.
    const left = next(ann, 'left');
    third.close();
    assert.equal((await left).userId, view.userId);
  } finally {
    await server.close();
  }
});

test('a wrong token, a foreign origin and a guessable room are refused', async () => {
  const server = await startReviewServer({ secret: SECRET, origins: ['http://localhost:*'] });
  try {
    await assert.rejects(connected(connect(server.url, { token: 'wrong' })), /unauthorized/);
    await assert.rejects(connected(connect(server.url, { headers: { origin: 'https://evil.example' } })));
    await connected(connect(server.url, { headers: { origin: 'http://localhost:5173' } }));
    const socket = await connected(connect(server.url));
    const reply = await socket.emitWithAck('join', { roomId: 'models-house', name: 'Ann' });
    assert.equal(reply.error.code, 'bad-room');
    const short = await socket.emitWithAck('join', { roomId: 'models-house.abc', name: 'Ann' });
    assert.equal(short.error.code, 'bad-room', 'a key of fewer than 128 bits');
  } finally {
    await server.close();
  }
});

test('wrong schema, oversized and flooding messages are refused, and the room goes on', async () => {
  const server = await startReviewServer({ secret: SECRET, floodLimit: 1000 });
  try {
    const room = newRoomId('plant');
    const [ann, bob] = await Promise.all([connected(connect(server.url)), connected(connect(server.url))]);
    await ann.emitWithAck('join', { roomId: room, name: 'Ann' });
    await bob.emitWithAck('join', { roomId: room, name: 'Bob' });
    const bobCameras = collect(bob, 'camera');
    const bobChat = collect(bob, 'txt');
    const errors = collect(ann, 'socketError');

    const refusals = [
      await ann.emitWithAck('message', { type: 'camera', msg: ['x', 1, 1, 2] }),
      await ann.emitWithAck('message', { type: 'camera', msg: ['x', 1, 1, 2, 3, 4, 5, 6, 7, 8, 'nine'] }),
      await ann.emitWithAck('message', { type: 'pointer', msg: { x: 1 } }),
      await ann.emitWithAck('message', { type: 'explode', msg: 1 }),
      await ann.emitWithAck('message', { type: 'txt', msg: '   ' }),
      await ann.emitWithAck('message', { type: 'txt', msg: 'x'.repeat(REVIEW_LIMITS.chatChars + 1) }),
      await ann.emitWithAck('message', { type: 'state', msg: { objectSet: 'x'.repeat(REVIEW_LIMITS.stateChars) } }),
      await ann.emitWithAck('message', 'not an object'),
    ];
    assert.deepEqual(
      refusals.map((reply) => reply.error?.code),
      ['bad-message', 'bad-message', 'bad-message', 'bad-message', 'bad-message', 'too-large', 'too-large', 'bad-message'],
    );
    assert.equal(errors.length, refusals.length, 'each refusal is also a socketError to the sender');

    // A packet over socket.io's own cap closes that socket only.
    const big = await connected(connect(server.url));
    await big.emitWithAck('join', { roomId: room, name: 'Big' });
    const closed = next(big, 'disconnect');
    big.emit('message', { type: 'txt', msg: 'y'.repeat(REVIEW_LIMITS.packetBytes + 10) });
    await closed;

    // A flood: far more than the stream bucket holds in an instant; the rest is refused.
    const flood = 1000;
    for (let i = 0; i < flood; i++) ann.emit('message', { type: 'camera', msg: camera('ann', i) });
    await sleep(500);
    const limited = errors.filter((error) => error.code === 'rate-limited').length;
    assert.ok(limited > 500, `most of the flood is refused (${limited} of ${flood})`);
    assert.ok(bobCameras.length > 100 && bobCameras.length < flood, `the room heard the burst the bucket holds (${bobCameras.length})`);

    // The room goes on: a chat message after the flood is delivered.
    await sleep(1100);
    assert.ok((await ann.emitWithAck('message', { type: 'txt', msg: 'still here' })).ok);
    await sleep(100);
    assert.deepEqual(bobChat.map((entry) => entry.msg), ['still here']);
  } finally {
    await server.close();
  }
});

test('two server processes on one Redis share a room; a restart keeps the acknowledged chat and the leader', { skip: !redisServerPath() && 'redis-server is not installed (.ci/run installs it)' }, async () => {
  const [a, b] = await Promise.all([startReviewServer({ secret: SECRET, redisUrl: redis.url }), startReviewServer({ secret: SECRET, redisUrl: redis.url })]);
  let c = null;
  try {
    const room = newRoomId('tower');
    const ann = await connected(connect(a.url, { sessionId: 'annonaaaa' }));
    const bob = await connected(connect(b.url, { sessionId: 'bobonbbbb' }));
    await ann.emitWithAck('join', { roomId: room, name: 'Ann' });
    const joined = await bob.emitWithAck('join', { roomId: room, name: 'Bob' });
    assert.deepEqual(joined.users.map((user) => user.name).sort(), ['Ann', 'Bob'], 'each process sees the users of the other');
    assert.equal(joined.controller, 'annonaaaa');

    const annCamera = next(ann, 'camera');
    await bob.emitWithAck('message', { type: 'camera', msg: camera('bob', 9) });
    assert.deepEqual((await annCamera).msg.slice(2, 5), [9, 2, 3], 'a camera message crosses processes');
    const acked = [];
    for (let i = 0; i < 5; i++) acked.push((await (i % 2 ? ann : bob).emitWithAck('message', { type: 'txt', msg: `message ${i}` })).id);

    // Both processes stop; a new one on the same Redis still has the history and the leader.
    await a.close();
    await b.close();
    c = await startReviewServer({ secret: SECRET, redisUrl: redis.url });
    const back = await connected(connect(c.url, { sessionId: 'annonaaaa' }));
    const rejoined = await back.emitWithAck('join', { roomId: room, name: 'Ann' });
    assert.deepEqual(rejoined.history.map((entry) => entry.id), acked, 'no acknowledged message is lost');
    assert.equal(rejoined.controller, 'bobonbbbb', 'the leader keeps control');
  } finally {
    await Promise.allSettled([a.close(), b.close(), c?.close()]);
  }
});
