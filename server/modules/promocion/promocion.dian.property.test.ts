/**
 * The DIAN POS document of a sale with promotions (issue #59 point 2, ADR 052): each line carries what
 * it paid after its promotion (the line's discount), so the document's lines and discounts add up to the
 * sale's total, it validates against the XSD and its CUDE recomputes from the XML.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brutoLinea } from '#shared/cantidad';
import { IMPUESTOS } from '#shared/impuestos';
import { aplicarPromociones, momentoEn, type LineaMotor, type PromocionMotor } from '#shared/promociones';
import { documentoDesdeVenta, type LineaVenta, type VentaParaDocumento } from '../dian/adaptador';
import { cudeDelXml } from '../dian/cude.fixtures';
import { documentoEjemplo } from '../dian/ejemplos';
import { validarContraXsd } from '../dian/validar-xsd';
import { construirDocumentoPos } from '../dian/xml';

const base = documentoEjemplo();
const viernes = momentoEn(Date.UTC(2026, 10, 27, 15, 0));
function venta(lineas: LineaVenta[], descuento = 0): VentaParaDocumento {
  return {
    nombreTienda: 'La Esquina',
    perfil: {
      razonSocial: 'Minimercado La Esquina S.A.S.', tipoPersona: 'juridica', nit: '900373076', dv: 4, responsabilidades: ['O-13'], responsableIva: true,
      departamento: '11', municipio: '11001', departamentoNombre: 'Bogotá', municipioNombre: 'Bogotá, D.C.', direccion: 'Calle 45 # 13-20', telefono: null, correo: 'tienda@example.com',
    },
    lineas, descuento, fiado: null, medio: '10', adquirente: null, emision: base.emision, ambiente: 2, consecutivo: base.consecutivo, resolucion: base.resolucion, software: base.software, caja: base.caja,
  };
}
/** The sale's lines as the document reads them: each line's gross less its promotions' saving. */
const lineasDelDocumento = (lineas: LineaMotor[], promos: PromocionMotor[], impuestos: (typeof IMPUESTOS)[number][]) => {
  const r = aplicarPromociones(lineas, promos, viernes);
  const doc: LineaVenta[] = lineas.map((l, i) => ({
    codigo: `P${l.productoId}-${i}`, nombre: `Producto ${l.productoId}`, cantidad: l.cantidad, unidad: l.unidad === 'KGM' ? 'KGM' : '94',
    importe: brutoLinea(l) - r.lineas[i]!.reduce((a, x) => a + x.ahorro, 0), impuesto: impuestos[i % impuestos.length]!, valorBolsa: 0,
  }));
  return { r, doc };
};

describe('el documento POS de una venta con promociones', () => {
  it('un 3×2 y un combo: el documento valida, paga lo cobrado y su CUDE se recalcula del XML', async () => {
    const lineas: LineaMotor[] = [
      { productoId: 1, precio: 3_000, cantidad: 3, unidad: '94', costo: 1_500 },
      { productoId: 2, precio: 2_000, cantidad: 1, unidad: '94' },
      { productoId: 3, precio: 4_000, cantidad: 1, unidad: '94' },
    ];
    const promos: PromocionMotor[] = [
      { id: 1, nombre: '3×2', tipo: 'nxm', lleve: 3, pague: 2, productoId: 1 },
      { id: 2, nombre: 'Combo', tipo: 'combo', precio: 5_000, productos: [{ productoId: 2, cantidad: 1 }, { productoId: 3, cantidad: 1 }] },
    ];
    const { r, doc } = lineasDelDocumento(lineas, promos, ['iva19', 'excluido', 'iva5']);
    expect(r.ahorro).toBe(3_000 + 1_000);
    const g = construirDocumentoPos(documentoDesdeVenta(venta(doc)));
    expect(g.totales.aPagar).toBe((9_000 + 2_000 + 4_000 - 4_000) * 100);
    expect((await validarContraXsd(g.xml, { sinFirmar: true })).errores).toBe('');
    expect(cudeDelXml(g.xml, base.software.pin)).toBe(g.cude);
  });

  it('para cualquier carrito y promociones: líneas + descuentos del documento = total cobrado, y bases + impuestos = a pagar (propiedad)', () => {
    const arbLinea = fc.record({ productoId: fc.integer({ min: 1, max: 4 }), precio: fc.integer({ min: 1, max: 50_000 }), cantidad: fc.integer({ min: 1, max: 9 }), costo: fc.integer({ min: 0, max: 20_000 }) });
    const arbPromo = fc.oneof(
      fc.record({ tipo: fc.constant('nxm' as const), lleve: fc.integer({ min: 2, max: 4 }), productoId: fc.integer({ min: 1, max: 4 }) }).map((p) => ({ ...p, pague: p.lleve - 1 })),
      fc.record({ tipo: fc.constant('porcentaje' as const), porcentaje: fc.integer({ min: 1, max: 90 }), productoId: fc.integer({ min: 1, max: 4 }) }),
      fc.record({ tipo: fc.constant('minimo' as const), minimo: fc.integer({ min: 0, max: 100_000 }), valor: fc.integer({ min: 1, max: 20_000 }) }),
    );
    fc.assert(
      fc.property(
        fc.array(arbLinea, { minLength: 1, maxLength: 8 }),
        fc.array(fc.tuple(arbPromo, fc.boolean()), { maxLength: 4 }),
        fc.integer({ min: 0, max: 50_000 }),
        (ls, ps, descuento) => {
          const lineas = ls.map((l) => ({ ...l, precio: ls.find((x) => x.productoId === l.productoId)!.precio, unidad: '94' }));
          const promos = ps.map(([p, bajoCosto], i) => ({ ...p, id: i + 1, nombre: `P${i + 1}`, bajoCosto }) as PromocionMotor);
          const { r, doc } = lineasDelDocumento(lineas, promos, [...IMPUESTOS].filter((x) => x !== 'bolsa'));
          const bruto = lineas.reduce((a, l) => a + brutoLinea(l), 0);
          const pagado = bruto - r.ahorro;
          const g = construirDocumentoPos(documentoDesdeVenta(venta(doc, descuento)));
          expect(g.totales.aPagar).toBe((pagado - Math.min(descuento, pagado)) * 100);
          expect(g.totales.bruto + g.totales.iva + g.totales.inc + g.totales.bolsas).toBe(g.totales.aPagar);
        },
      ),
      { numRuns: 100 },
    );
  });
});
