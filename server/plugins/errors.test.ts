import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { toAppError } from './errors';

/** What the one error path answers for failures of the machine rather than of the request (issue #50). */
describe('errores de la máquina, en español', () => {
  it('un disco lleno es un 503 que lo dice, venga de PostgreSQL, del sistema o envuelto por drizzle', () => {
    const casos = [
      Object.assign(new Error('could not extend file "base/16384/2619": No space left on device'), { code: '53100' }),
      Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }),
      new Error('Failed query: insert into venta …', { cause: new Error('could not write to file "pg_wal/xlogtemp.42": No space left on device') }),
    ];
    for (const err of casos) {
      const e = toAppError(err);
      expect(e?.status, err.message).toBe(503);
      expect(e?.message).toBe(M.operacion.discoLleno);
    }
  });

  it('una sentencia cancelada por su límite de tiempo es un 503 que lo dice', () => {
    const e = toAppError(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }));
    expect(e?.toBody().error).toEqual({ code: 'UNAVAILABLE', message: M.operacion.consultaMuyLarga });
  });
});
