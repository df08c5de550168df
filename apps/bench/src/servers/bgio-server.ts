import { Server } from 'boardgame.io/server';
import { initiativeGame } from './bgio-game.js';
import { benchPort, exitOnSignals } from './server-env.js';

/**
 * boardgame.io 0.50's own server: its Socket.IO transport on PORT, default in-memory storage (nothing
 * durable: a restart loses every match), and the lobby API on API_PORT. Ready when `GET /games` answers there.
 *
 * The lobby runs on its own port because on one port it answers 404 to everything with today's
 * koa-compose (4.2 copies the middleware list when Koa builds its handler, and boardgame.io builds it,
 * by attaching Socket.IO, before it adds the lobby routes). Its separate-port mode adds them first.
 */
const server = Server({ games: [initiativeGame], origins: [] });
const running = await server.run({ port: benchPort(), lobbyConfig: { apiPort: benchPort({ PORT: process.env.API_PORT }) } });
exitOnSignals(() => server.kill(running));
