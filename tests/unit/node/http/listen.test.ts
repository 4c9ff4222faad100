import { createServer } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { listen } from '../../../../src/node/http/listen.js';

describe('listen', () => {
  it('logs an error the server emits once listening instead of throwing it', async () => {
    const server = createServer((_, res) => res.end());
    const port = await listen(server, 0, '127.0.0.1');
    expect(port).toBeGreaterThan(0);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(() => server.emit('error', Object.assign(new Error('accept EMFILE'), { code: 'EMFILE' }))).not.toThrow();
      expect(logged).toHaveBeenCalledWith('docgen: server error: accept EMFILE');
    } finally {
      logged.mockRestore();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
