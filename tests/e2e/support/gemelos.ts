/** The twins' empresas (semilla-gemelos.ts writes them, unir-repetidos.spec.ts merges them): one a repetition of the journey. */
export const GEMELOS = {
  empresas: 3,
  clave: 'Gemelos2024',
  de: (k: number) => ({
    email: `gemelos${k}@e2e.adax.co`,
    tienda: `Gemelos ${k}`,
    norte: `Gemelos ${k} Norte`,
    cedula: String(71_000_000 + k * 17),
    nit: String(900_100_000 + k * 31),
    proveedor: 'Lácteos La Vega',
  }),
};
