import JsBarcode from 'jsbarcode';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { productos as textos } from '#shared/messages/productos';
import { formatPesos } from '#shared/money';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import type { ProductoEtiqueta } from './etiquetas';
import './etiquetas.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { productos: textos };

const E = M.productos.etiquetas;

type Formato = 'a4' | '58';
const FORMATO_KEY = 'formatoEtiquetas';

/** A valid EAN-13 (its check digit right) prints as EAN-13; any other code as Code 128. */
export function simbologia(codigo: string): 'EAN13' | 'CODE128' {
  if (!/^\d{13}$/.test(codigo)) return 'CODE128';
  const d = codigo.split('').map(Number);
  const suma = d.slice(0, 12).reduce((s, n, i) => s + n * (i % 2 ? 3 : 1), 0);
  return (10 - (suma % 10)) % 10 === d[12] ? 'EAN13' : 'CODE128';
}

function Barras({ codigo }: { codigo: string }) {
  const ref = useRef<SVGSVGElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    const format = simbologia(codigo);
    JsBarcode(ref.current, codigo, { format, width: format === 'EAN13' ? 1.6 : 1.3, height: 40, fontSize: 12, margin: 0, displayValue: true, flat: true });
  }, [codigo]);
  return <svg ref={ref} className="etiqueta__barras" role="img" aria-label={E.barras(codigo)} />;
}

/** Shelf labels (issue #19): name, price and barcode of the products chosen in the list, on A4 sheets or a 58 mm roll. */
export default function EtiquetasPage() {
  const location = useLocation();
  const productos = (location.state as { productos?: ProductoEtiqueta[] } | null)?.productos;
  const [formato, setFormato] = useState<Formato>(() => (window.localStorage.getItem(FORMATO_KEY) === '58' ? '58' : 'a4'));
  if (!productos?.length) return <Navigate to={paths.gestionarProductos} replace />;
  const elegir = (f: Formato) => {
    setFormato(f);
    window.localStorage.setItem(FORMATO_KEY, f);
  };
  return (
    <>
      <style>{`@media print { @page { size: ${formato === 'a4' ? 'A4' : '58mm 40mm'}; margin: ${formato === 'a4' ? '10mm' : '0'}; } }`}</style>
      <div className="no-print">
        <PageHeader title={E.titulo}>
          <Link className="btn btn--ghost" to={paths.gestionarProductos}>
            {M.productos.volver}
          </Link>
        </PageHeader>
        <div className="etiquetas__acciones">
          <div className="field">
            <label htmlFor="formato-etiquetas">{E.papel}</label>
            <select id="formato-etiquetas" value={formato} onChange={(e) => elegir(e.target.value as Formato)}>
              <option value="a4">{E.hojaA4}</option>
              <option value="58">{E.rollo58}</option>
            </select>
          </div>
          <button type="button" className="btn" onClick={() => window.print()}>
            {E.imprimir(productos.length)}
          </button>
        </div>
      </div>
      <section className={`etiquetas etiquetas--${formato}`} aria-label={E.region}>
        {productos.map((p) => (
          <article key={p.id} className="etiqueta">
            <h2 className="etiqueta__nombre">{p.nombre}</h2>
            <p className="etiqueta__precio">{formatPesos(p.precio)}</p>
            {p.codigoBarras ? <Barras codigo={p.codigoBarras} /> : <p className="etiqueta__sin-codigo">{E.sinCodigo}</p>}
          </article>
        ))}
      </section>
    </>
  );
}
