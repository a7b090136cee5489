import { describe, expect, it } from 'vitest';
import { lotesParaApi, type LoteFila } from './lotes-linea';

const lote = (codigo: string, vence: string, cantidad = ''): LoteFila => ({ clave: 0, codigo, vence, cantidad });

describe('lotesParaApi (ADR 051)', () => {
  it('one lot goes as the line’s lote and vence: it takes the whole line, in whatever pack it came', () => {
    expect(lotesParaApi([lote(' L-1 ', '2027-03-01')])).toEqual({ lote: 'L-1', vence: '2027-03-01' });
  });
  it('a blank lot is not sent; none at all leaves the server to ask for it', () => {
    expect(lotesParaApi([lote('', '')])).toEqual({ lote: null, vence: null });
    expect(lotesParaApi([lote('L-1', '2027-03-01'), lote('', '')])).toEqual({ lote: 'L-1', vence: '2027-03-01' });
  });
  it('several lots go with their units; a decimal comma is read, a units cell that is not a number goes as -1 for the server’s message', () => {
    expect(lotesParaApi([lote('A', '2027-01-01', '1,5'), lote('B', '2027-02-01', 'dos')])).toEqual({
      lote: null,
      vence: null,
      lotes: [
        { codigo: 'A', vence: '2027-01-01', cantidad: 1.5 },
        { codigo: 'B', vence: '2027-02-01', cantidad: -1 },
      ],
    });
  });
});
