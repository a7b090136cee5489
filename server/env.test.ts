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

describe('BACKUP_HORA', () => {
  it('takes HH:MM from 00:00 to 23:59, or nothing', () => {
    expect(loadEnv({ BACKUP_HORA: '03:00' }).BACKUP_HORA).toBe('03:00');
    expect(loadEnv({ BACKUP_HORA: '23:59' }).BACKUP_HORA).toBe('23:59');
    expect(loadEnv({ BACKUP_HORA: '' }).BACKUP_HORA).toBeUndefined();
    expect(loadEnv({}).BACKUP_HORA).toBeUndefined();
  });

  it.each(['3:00', '24:00', '03:60', 'tres', '03:00:00'])('rejects %s', (v) => {
    expect(() => loadEnv({ BACKUP_HORA: v })).toThrow(/BACKUP_HORA como 03:00/);
  });
});

describe('DISCO_MINIMO_MB', () => {
  it('defaults to 100; 0 turns the check off; refuses what is not a whole number', () => {
    expect(loadEnv({}).DISCO_MINIMO_MB).toBe(100);
    expect(loadEnv({ DISCO_MINIMO_MB: '0' }).DISCO_MINIMO_MB).toBe(0);
    expect(() => loadEnv({ DISCO_MINIMO_MB: '-1' })).toThrow(/DISCO_MINIMO_MB/);
  });
});
