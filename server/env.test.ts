import { describe, expect, it } from 'vitest';
import { DEFAULT_DB_POOL_SIZE, loadEnv } from './env';

describe('DB_POOL_SIZE', () => {
  it('defaults to DEFAULT_DB_POOL_SIZE when unset or empty', () => {
    expect(loadEnv({}).DB_POOL_SIZE).toBe(DEFAULT_DB_POOL_SIZE);
    expect(loadEnv({ DB_POOL_SIZE: '' }).DB_POOL_SIZE).toBe(DEFAULT_DB_POOL_SIZE);
  });

  it('takes a whole number from 1 to 1000', () => {
    expect(loadEnv({ DB_POOL_SIZE: '40' }).DB_POOL_SIZE).toBe(40);
    expect(loadEnv({ DB_POOL_SIZE: '1' }).DB_POOL_SIZE).toBe(1);
    expect(loadEnv({ DB_POOL_SIZE: '1000' }).DB_POOL_SIZE).toBe(1000);
  });

  it.each(['0', '-3', '2.5', 'diez', '1001'])('rejects %s', (v) => {
    expect(() => loadEnv({ DB_POOL_SIZE: v })).toThrow(/DB_POOL_SIZE: un número entero de 1 a 1000/);
  });
});
