import { describe, expect, it } from 'vitest';
import type { NetworkInterfaceInfo } from 'node:os';
import { isLoopbackHost, lanOrigins, portOfHost } from './join-addresses.js';

const v4 = (address: string, internal = false): NetworkInterfaceInfo =>
  ({ address, family: 'IPv4', internal, netmask: '255.255.255.0', mac: '00:00:00:00:00:00', cidr: null }) as NetworkInterfaceInfo;

const interfaces = {
  lo: [v4('127.0.0.1', true)],
  docker0: [v4('172.17.0.1')],
  wlan0: [v4('192.168.1.20'), { ...v4('fe80::1'), family: 'IPv6' } as NetworkInterfaceInfo],
  zeroconf: [v4('169.254.3.4')],
};

describe('join addresses', () => {
  it('offer the LAN addresses of a server on every interface, home networks first, with the port', () => {
    expect(lanOrigins('0.0.0.0', 'http', 3000, interfaces)).toEqual(['http://192.168.1.20:3000', 'http://172.17.0.1:3000']);
  });
  it('offer nothing when the server listens on loopback only, and the one address it listens on', () => {
    expect(lanOrigins('127.0.0.1', 'http', 3000, interfaces)).toEqual([]);
    expect(lanOrigins('localhost', 'http', 3000, interfaces)).toEqual([]);
    expect(lanOrigins('10.0.0.5', 'http', 80, interfaces)).toEqual(['http://10.0.0.5']);
  });
  it('take the port from the Host header the console used', () => {
    expect(portOfHost('localhost:5173', 3000)).toBe(5173);
    expect(portOfHost('localhost', 3000)).toBe(3000);
    expect(portOfHost('[::1]:4000', 3000)).toBe(4000);
  });
  it('know loopback names', () => {
    expect(['localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]'].every(isLoopbackHost)).toBe(true);
    expect(isLoopbackHost('192.168.1.20')).toBe(false);
  });
});
