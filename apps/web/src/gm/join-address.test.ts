import { describe, expect, it } from 'vitest';
import { joinOrigins, spokenOrigin } from './join-address.js';

const answer = (lanOrigins: string[], publicUrl: string | null = null) => ({ joinCode: 'ABC234', joinLocked: false, publicUrl, lanOrigins });
const localhost = { hostname: 'localhost', origin: 'http://localhost:3000' };

describe('the address phones are told to open', () => {
  it("is the laptop's LAN address when the console is on localhost or 127.0.0.1, never localhost", () => {
    expect(joinOrigins(localhost, answer(['http://192.168.1.20:3000']))).toEqual({ kind: 'lan', origins: ['http://192.168.1.20:3000'] });
    expect(joinOrigins({ hostname: '127.0.0.1', origin: 'http://127.0.0.1:3000' }, answer(['http://10.0.0.2:3000', 'http://172.17.0.1:3000'])).origins).toEqual([
      'http://10.0.0.2:3000',
      'http://172.17.0.1:3000',
    ]);
  });
  it('says so when loopback is the only address', () => {
    expect(joinOrigins(localhost, answer([]))).toEqual({ kind: 'loopback-only', origins: ['http://localhost:3000'] });
  });
  it('is PUBLIC_URL when configured, wherever the console is', () => {
    expect(joinOrigins(localhost, answer(['http://192.168.1.20:3000'], 'https://rk.example.org'))).toEqual({ kind: 'public', origins: ['https://rk.example.org'] });
  });
  it("is the console's own address when phones can reach it already", () => {
    expect(joinOrigins({ hostname: '192.168.1.20', origin: 'http://192.168.1.20:3000' }, answer(['http://192.168.1.20:3000'])).kind).toBe('page');
  });
  it('reads without http://', () => {
    expect(spokenOrigin('http://192.168.1.20:3000')).toBe('192.168.1.20:3000');
    expect(spokenOrigin('https://rk.example.org')).toBe('https://rk.example.org');
  });
});
