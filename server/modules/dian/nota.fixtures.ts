import { DOMParser } from '@xmldom/xmldom';
import { expect } from 'vitest';
import { credencialPrueba } from './certificado-prueba.js';
import { documentoEjemplo } from './ejemplos.js';
import { construirFacturaVenta, type AdquirenteFactura, type FacturaVenta } from './factura-venta.js';
import { firmarDocumento } from './firma.js';
import type { FacturaOriginal } from './nota-factura.js';
import { validarContraXsd } from './validar-xsd.js';
import { verificarConXmlsec } from './verificar-xmlsec.js';

/** The invoice's credit and debit notes' unit tests (issue #57 point 2): the invoice they correct and how they read and sign the XML. */
export const EMPRESA: AdquirenteFactura = { tipoPersona: 1, tipoDocumento: '31', numero: '860034313', dv: '7', nombre: 'Constructora Andina S.A.S.', email: 'compras@andina.co', responsabilidades: ['O-13'], responsableIva: true };

/** Invoice FE42 to the company (the example sale unless `cambios`), as the notes reference it. */
export function factura(cambios: Partial<FacturaVenta> = {}): FacturaOriginal {
  const { adquirente: _, puntos: __, caja: ___, ...pos } = documentoEjemplo({ resolucion: { numero: '18760000002', fechaDesde: '2026-01-01', fechaHasta: '2027-12-31', prefijo: 'FE', desde: 1, hasta: 5000 }, consecutivo: 42 });
  const f: FacturaVenta = { ...pos, adquirente: EMPRESA, claveTecnica: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c', ...cambios };
  const g = construirFacturaVenta(f);
  const { claveTecnica: _k, ...sinClave } = f;
  return { factura: sinClave, numero: g.numero, cufe: g.cude, fecha: g.fecha };
}

export const parse = (xml: string) => new DOMParser().parseFromString(xml, 'text/xml');
export const textos = (xml: string, ns: string, local: string) => Array.from(parse(xml).getElementsByTagNameNS(ns, local)).map((n) => n.textContent ?? '');

/** Builds the note at a moment the test certificate is valid, signs it like the invoice: xmlsec1 verifies it and the signed note validates against `raiz`. */
export async function esperarFirmadaYValida(construir: (emision: Date) => string, raiz: string) {
  const { cert, credencial, emision } = await credencialPrueba();
  const firmado = firmarDocumento(construir(emision), credencial, { instante: emision });
  expect((await verificarConXmlsec(firmado, cert.certificadoPem)).ok).toBe(true);
  expect((await validarContraXsd(firmado, { raiz })).errores).toBe('');
}
