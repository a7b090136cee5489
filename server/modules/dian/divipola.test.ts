import { describe, expect, it } from 'vitest';
import { DEPARTAMENTOS, lugarLegible, nombreDepartamento, nombreMunicipio } from './divipola';

const sinNombre = (c: string) => `municipio ${c}`;

describe('nombres de Divipola para los documentos DIAN (issue #57)', () => {
  it('los 33 departamentos de DANE con su código', () => {
    expect(Object.keys(DEPARTAMENTOS)).toHaveLength(33);
    expect(nombreDepartamento('05')).toBe('Antioquia');
    expect(nombreDepartamento('11')).toBe('Bogotá, D.C.');
    expect(nombreDepartamento('25')).toBe('Cundinamarca');
    expect(nombreDepartamento('76')).toBe('Valle del Cauca');
    expect(nombreDepartamento('88')).toBe('Archipiélago de San Andrés, Providencia y Santa Catalina');
    expect(nombreDepartamento('99')).toBe('Vichada');
    // From a municipality's code: its first two digits.
    expect(nombreDepartamento('68001')).toBe('Santander');
    expect(nombreDepartamento('12')).toBeNull();
  });

  it('el municipio solo se nombra cuando el nombre es seguro', () => {
    expect(nombreMunicipio('11001')).toBe('Bogotá, D.C.');
    expect(nombreMunicipio('25175')).toBeNull();
  });

  it('un lugar firmado con códigos se lee con nombres; Bogotá una sola vez', () => {
    expect(lugarLegible({ municipioCodigo: '11001', municipio: '11001', departamentoCodigo: '11', departamento: '11' }, sinNombre)).toBe('Bogotá, D.C.');
    expect(lugarLegible({ municipioCodigo: '25175', municipio: '25175', departamentoCodigo: '25', departamento: '25' }, sinNombre)).toBe('municipio 25175, Cundinamarca');
    expect(lugarLegible({ municipioCodigo: '25175', municipio: 'Chía', departamentoCodigo: '25', departamento: 'Cundinamarca' }, sinNombre)).toBe('Chía, Cundinamarca');
    expect(lugarLegible({ municipioCodigo: '05001', municipio: 'Medellín', departamentoCodigo: '05', departamento: '05' }, sinNombre)).toBe('Medellín, Antioquia');
  });
});
