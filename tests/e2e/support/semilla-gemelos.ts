/**
 * The journeys' data that no face can make (issue #56, ADR 067 and ADR 072): twin customers and twin
 * suppliers of one empresa, flagged `documento_repetido`. Such pairs exist only in a store upgraded from
 * before customers and suppliers were the empresa's (migrations 0090 and 0097 kept both and flagged
 * them); every face refuses a second row with the same documento. serve.mjs runs this, bundled, on the
 * journeys' fresh data folder before it starts the server: the owners and their second stores are made
 * through the API (app.inject), only the twins are written to the tables, as the migrations left them.
 *
 * One empresa per repetition of the merge journey (`--repeat-each=3` runs it three times on one server):
 * owner `gemelos<k>@e2e.adax.co`, stores «Gemelos <k>» and «Gemelos <k> Norte».
 */
import { bootstrap } from '../../../server/bootstrap';
import { cliente } from '../../../server/db/schema/cliente';
import { proveedor } from '../../../server/db/schema/proveedor';
import { loadEnv } from '../../../server/env';
import { GEMELOS } from './gemelos';

const { app, database } = await bootstrap(loadEnv(process.env), { logger: false });
try {
  for (let k = 0; k < GEMELOS.empresas; k++) {
    const g = GEMELOS.de(k);
    const registro = await app.inject({ method: 'POST', url: '/api/tiendas/registro', payload: { nombreTienda: g.tienda, email: g.email, contrasena: GEMELOS.clave } });
    if (registro.statusCode !== 201) throw new Error(`registro ${g.email}: ${registro.statusCode} ${registro.body}`);
    const principal = (registro.json() as { id_Tienda: number }).id_Tienda;
    const login = await app.inject({ method: 'POST', url: '/api/sesion/login', payload: { tipo: 'tienda', email: g.email, contrasena: GEMELOS.clave } });
    if (login.statusCode !== 200) throw new Error(`login ${g.email}: ${login.statusCode} ${login.body}`);
    const authorization = `Bearer ${(login.json() as { token: string }).token}`;
    const norte = await app.inject({ method: 'POST', url: '/api/sucursales', headers: { authorization }, payload: { nombreTienda: g.norte } });
    if (norte.statusCode !== 201) throw new Error(`sucursal ${g.norte}: ${norte.statusCode} ${norte.body}`);
    const segunda = (norte.json() as { idTienda: number }).idTienda;

    // As migration 0090 left them: one customer a store, one documento, both flagged; the first with fiado.
    await database.db.insert(cliente).values([
      { tiendaId: principal, documento: g.cedula, tipoDocumento: 'CC', nombre: 'Luz Marina', apellido: 'Rojas', telefono: '3001112233', fiado: true, cupo: 200_000, documentoRepetido: true },
      { tiendaId: segunda, documento: g.cedula, tipoDocumento: 'CC', nombre: 'Luz', apellido: 'Rojas Norte', telefono: '3004445566', documentoRepetido: true },
    ]);
    // As migration 0097 left them: one supplier a store, one NIT (the check digit aside), both flagged.
    await database.db.insert(proveedor).values([
      { tiendaId: principal, nombre: g.proveedor, telefono: '6017654321', email: `pedidos${k}@lavega.co`, documento: `${g.nit}-7`, documentoRepetido: true },
      { tiendaId: segunda, nombre: `${g.proveedor} Norte`, telefono: '6017654322', email: `norte${k}@lavega.co`, documento: g.nit, documentoRepetido: true },
    ]);
  }
} finally {
  await app.close();
  await database.close();
}
