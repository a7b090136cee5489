/**
 * A company's fiscal profile (the body of PUT /api/tienda/perfil-fiscal), responsible for IVA, in
 * Bogotá: what the stores of the electronic documents' API tests and journeys declare. One copy for
 * both (issue #54 point 7: the API tests and tests/e2e/support/ferreteria.ts each wrote it out).
 */
export const perfilFiscal = (razonSocial: string, nit: string, dv: number, correo: string, documentoInformativo = false) => ({
  razonSocial,
  tipoPersona: 'juridica',
  nit,
  dv,
  responsabilidades: ['O-13'],
  responsableIva: true,
  departamento: '11',
  municipio: '11001',
  direccion: 'Calle 45 # 13-20',
  telefono: '6013456789',
  correo,
  documentoInformativo,
  valorIncBolsa: 66,
});
