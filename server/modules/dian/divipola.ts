/**
 * Place names for DIAN's documents and their PDF (issue #57, ADR 058): DANE's Divipola codes of
 * Colombia's 32 departments and the capital district, with their official names. Municipalities
 * (about 1 100) are not listed: no trusted package carries DANE's table, and hand-typed names would
 * go wrong silently. A municipality is named only where the name is certain — Bogotá, the one
 * municipality of department 11 — or where the document already carries it; otherwise its code is kept
 * beside its department's name.
 */
export const DEPARTAMENTOS: Readonly<Record<string, string>> = {
  '05': 'Antioquia',
  '08': 'Atlántico',
  '11': 'Bogotá, D.C.',
  '13': 'Bolívar',
  '15': 'Boyacá',
  '17': 'Caldas',
  '18': 'Caquetá',
  '19': 'Cauca',
  '20': 'Cesar',
  '23': 'Córdoba',
  '25': 'Cundinamarca',
  '27': 'Chocó',
  '41': 'Huila',
  '44': 'La Guajira',
  '47': 'Magdalena',
  '50': 'Meta',
  '52': 'Nariño',
  '54': 'Norte de Santander',
  '63': 'Quindío',
  '66': 'Risaralda',
  '68': 'Santander',
  '70': 'Sucre',
  '73': 'Tolima',
  '76': 'Valle del Cauca',
  '81': 'Arauca',
  '85': 'Casanare',
  '86': 'Putumayo',
  '88': 'Archipiélago de San Andrés, Providencia y Santa Catalina',
  '91': 'Amazonas',
  '94': 'Guainía',
  '95': 'Guaviare',
  '97': 'Vaupés',
  '99': 'Vichada',
};

/** Municipalities whose name is certain without DANE's full table. */
const MUNICIPIOS: Readonly<Record<string, string>> = { '11001': 'Bogotá, D.C.' };

const soloDigitos = (s: string) => /^\d+$/.test(s.trim());

/** The department's name of a 2-digit code, or of a municipality's 5-digit code; null if unknown. */
export function nombreDepartamento(codigo: string): string | null {
  return DEPARTAMENTOS[codigo.trim().slice(0, 2).padStart(2, '0')] ?? null;
}

/** The municipality's name when certain (see above); null otherwise. */
export function nombreMunicipio(codigo: string): string | null {
  return MUNICIPIOS[codigo.trim()] ?? null;
}

export interface LugarDocumento {
  /** What the document carries: `cbc:ID`, `cbc:CityName`, `cbc:CountrySubentityCode`, `cbc:CountrySubentity`. */
  municipioCodigo: string;
  municipio: string;
  departamentoCodigo: string;
  departamento: string;
}

/**
 * "Chía, Cundinamarca", "Bogotá, D.C." or, when only the code is known, "municipio 25175, Cundinamarca":
 * names where the document has codes (documents signed before the names were written).
 */
export function lugarLegible(l: LugarDocumento, municipioSinNombre: (codigo: string) => string): string {
  const codMun = soloDigitos(l.municipioCodigo) ? l.municipioCodigo.trim() : soloDigitos(l.municipio) ? l.municipio.trim() : '';
  const municipio = l.municipio && !soloDigitos(l.municipio) ? l.municipio.trim() : (nombreMunicipio(codMun) ?? (codMun ? municipioSinNombre(codMun) : ''));
  const codDep = soloDigitos(l.departamentoCodigo) ? l.departamentoCodigo : soloDigitos(l.departamento) ? l.departamento : codMun;
  const departamento = l.departamento && !soloDigitos(l.departamento) ? l.departamento.trim() : ((codDep && nombreDepartamento(codDep)) ?? l.departamento.trim());
  const partes = [municipio, departamento].filter(Boolean);
  // Bogotá is its own department: said once.
  return (partes.length === 2 && partes[0] === partes[1] ? [partes[0]!] : partes).join(', ');
}
