import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { TEAM } from '../../web/config/landing';
import { DEMO, signIn } from './support/fixtures';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const SERVICIOS = ['Registro de ventas', 'Control de inventario', 'Mercancía', 'Flujo de caja'];
const BENEFICIOS = ['Ahorro de tiempo', 'Control total', 'Reportes detallados', 'Tecnología actual'];
const SLIDES = ['Vende sin complicaciones', 'Tu inventario, siempre al día', 'Decide con datos reales'];

/** Opens a landing path and waits until React has hydrated the pre-rendered page (its buttons answer). */
async function abrir(page: Page, path = '/') {
  await page.goto(path);
  await expect(page.locator('.lp[data-listo]')).toBeAttached();
}

const title = (page: Page) => page.getByRole('heading', { level: 1, name: '¿Qué es ADAX Store Manager?' });
const carousel = (page: Page) => page.getByRole('region', { name: 'Así funciona ADAX Store Manager' });
const dot = (page: Page, n: number) => page.getByRole('button', { name: `Ir a la diapositiva ${n}: ${SLIDES[n - 1]}` });

/** The page's sections and footer, as a visitor finds them whatever the screen size. */
async function expectSectionsAndLinks(page: Page) {
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'ADAX Store Manager, ir al inicio' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Inicia Aquí' })).toHaveAttribute('href', '/iniciar_sesion');
  await expect(title(page)).toBeVisible();
  await expect(carousel(page)).toHaveAttribute('aria-roledescription', 'carrusel');
  await expect(page.getByRole('group', { name: '1 de 3' })).toHaveAttribute('aria-roledescription', 'diapositiva');

  const servicios = page.locator('#servicios');
  await expect(servicios.getByRole('heading', { level: 2 })).toHaveText('Lo que puedes hacer');
  await expect(servicios.getByRole('heading', { level: 3 })).toHaveText(SERVICIOS);
  const beneficios = page.locator('#beneficios');
  await expect(beneficios.getByRole('heading', { level: 2 })).toHaveText('Beneficios');
  await expect(beneficios.getByRole('heading', { level: 3 })).toHaveText(BENEFICIOS);
  await expect(page.getByRole('heading', { level: 2, name: '¿Listo para optimizar tu negocio?' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Comienza ahora/ })).toHaveAttribute('href', '/iniciar_sesion');

  const footer = page.getByRole('contentinfo');
  await expect(footer).toHaveAttribute('id', 'contacto');
  await expect(footer).toContainText('© 2024 ADAX Store Manager');
  await expect(footer.getByTestId('equipo').getByRole('listitem')).toHaveCount(5);
  for (const member of TEAM) {
    await expect(footer.getByTestId('equipo')).toContainText(`${member.name}${member.role}`);
    await expect(footer.getByRole('link', { name: member.email })).toHaveAttribute('href', `mailto:${member.email}`);
  }
}

/** Serious and critical findings of axe-core (WCAG 2.x A and AA rules and best practices). */
async function expectNoSeriousViolations(page: Page) {
  // axe reads colours as painted: a slide caught mid-fade (opacity between 0 and 1) reads as low
  // contrast although neither end of the fade is. Checking with reduced motion asked for stops the
  // rotation and the fade, so what axe sees is what stays on screen.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expect(page.locator('.lp-slide.is-active')).toHaveCSS('opacity', '1');
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

test.describe('página pública en el computador', () => {
  test.use({ viewport: DESKTOP });

  test('muestra cada sección y enlace, y los enlaces del encabezado llevan a su sección', async ({ page }) => {
    await abrir(page);
    await expectSectionsAndLinks(page);
    await expect(page.getByRole('button', { name: 'Abrir menú' })).toBeHidden();

    const nav = page.getByRole('navigation', { name: 'Principal' });
    const targets: [string, string][] = [
      ['Contacto', '#contacto'],
      ['Servicios', '#servicios'],
      ['Beneficios', '#beneficios'],
      ['¿Qué es?', '#que-es'],
      ['Contacto', '#contacto'],
      ['Inicio', '#inicio'],
    ];
    for (const [name, target] of targets) {
      await nav.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${target}$`));
      await expect(page.locator(target)).toBeInViewport();
    }
    // The section's title is not left under the sticky header.
    await nav.getByRole('link', { name: 'Servicios', exact: true }).click();
    const headerBottom = (await page.getByRole('banner').boundingBox())!.height;
    const heading = page.getByRole('heading', { name: 'Lo que puedes hacer' });
    await expect(heading).toBeInViewport({ ratio: 1 });
    await expect.poll(async () => (await heading.boundingBox())!.y).toBeGreaterThanOrEqual(headerBottom);
  });

  test('el carrusel avanza solo, se maneja con sus botones y se detiene mientras tiene el foco', async ({ page }) => {
    await abrir(page);
    await page.mouse.move(5, 790);
    const slides = carousel(page).locator('[aria-live]');
    await expect(dot(page, 1)).toHaveAttribute('aria-current', 'true');
    await expect(page.getByText(SLIDES[0]!)).toBeVisible();
    await expect(slides).toHaveAttribute('aria-live', 'off');

    // About 3 s per slide: the second one shows by itself.
    await expect(dot(page, 2)).toHaveAttribute('aria-current', 'true', { timeout: 5_000 });
    await expect(page.getByText(SLIDES[1]!)).toBeVisible();
    await expect(page.getByText(SLIDES[0]!)).toBeHidden();

    // Moving by hand; focus inside stops the rotation, so the slides are announced.
    await page.getByRole('button', { name: 'Diapositiva siguiente' }).focus();
    await expect(slides).toHaveAttribute('aria-live', 'polite');
    const activeDot = carousel(page).locator('button[aria-current="true"]');
    const current = Number(/diapositiva (\d)/.exec((await activeDot.getAttribute('aria-label'))!)![1]);
    await page.getByRole('button', { name: 'Diapositiva siguiente' }).click();
    const next = (current % 3) + 1;
    await expect(dot(page, next)).toHaveAttribute('aria-current', 'true');
    await expect(page.getByText(SLIDES[next - 1]!)).toBeVisible();
    await page.getByRole('button', { name: 'Diapositiva anterior' }).click();
    await expect(dot(page, current)).toHaveAttribute('aria-current', 'true');
    await dot(page, 3).click();
    await expect(page.getByText(SLIDES[2]!)).toBeVisible();
    await expect(page.getByRole('img', { name: /celular con gráficas/ })).toBeVisible();

    // The pause button stops it for good; leaving the carousel does not restart it.
    await page.getByRole('button', { name: 'Pausar el carrusel' }).click();
    await expect(page.getByRole('button', { name: 'Reanudar el carrusel' })).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'Inicia Aquí' }).focus();
    await page.mouse.move(5, 790);
    await expect(slides).toHaveAttribute('aria-live', 'polite');
  });

  test('no rota para quien pide menos movimiento, pero puede reanudarlo', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await abrir(page);
    const slides = carousel(page).locator('[aria-live]');
    await expect(page.getByRole('button', { name: 'Reanudar el carrusel' })).toBeVisible();
    await expect(slides).toHaveAttribute('aria-live', 'polite');
    await page.getByRole('button', { name: 'Reanudar el carrusel' }).click();
    await page.mouse.move(5, 790);
    await expect(slides).toHaveAttribute('aria-live', 'off');
    await expect(dot(page, 2)).toHaveAttribute('aria-current', 'true', { timeout: 5_000 });
  });

  test("'Inicia Aquí', la llamada final y 'Crea tu cuenta' llevan a iniciar sesión y al registro", async ({ page }) => {
    await abrir(page);
    await page.getByRole('banner').getByRole('link', { name: 'Inicia Aquí' }).click();
    await expect(page).toHaveURL(/\/iniciar_sesion$/);
    await expect(page.getByLabel('Correo electrónico')).toBeVisible();

    await abrir(page);
    await page.getByRole('link', { name: /Comienza ahora/ }).click();
    await expect(page).toHaveURL(/\/iniciar_sesion$/);
    await expect(page.getByLabel('Correo electrónico')).toBeVisible();

    await abrir(page);
    await page.getByRole('link', { name: 'Crea tu cuenta' }).click();
    await expect(page).toHaveURL(/\/registro$/);
    await expect(page.getByLabel('Código de invitación')).toBeVisible();
  });

  test('cualquier ruta desconocida muestra la página pública; las de la aplicación no', async ({ page }) => {
    for (const path of ['/no-existe/abc', '/index', '/inicio/otra-cosa']) {
      await abrir(page, path);
      await expect(title(page)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    }
    // Application paths (any letter case, trailing slash) still need a session.
    for (const path of ['/INICIO', '/ventas/', '/crud/usuarios']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/iniciar_sesion$/);
    }
  });

  test("desde la aplicación, 'Salir' lleva a la página pública", async ({ page }) => {
    await signIn(page, 'Tienda', DEMO.tienda);
    await page.getByRole('link', { name: /Salir/ }).click();
    await expect(page).toHaveURL(/\/index$/);
    await expect(title(page)).toBeVisible();
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Beneficios' }).click();
    await expect(page.locator('#beneficios')).toBeInViewport();
  });

  test('sin infracciones graves de accesibilidad (axe-core)', async ({ page }) => {
    await abrir(page);
    await expect(title(page)).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('la página pública no descarga el código de la aplicación', async ({ page }) => {
    const scripts: { url: string; body: Promise<string> }[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push({ url: res.url(), body: res.text() });
    });
    await abrir(page);
    await expect(title(page)).toBeVisible();
    await page.waitForLoadState('networkidle');

    const names = scripts.map((s) => new URL(s.url).pathname.split('/').pop()!);
    expect(names.length).toBeGreaterThan(0);
    expect(names.some((n) => n.startsWith('landing-page'))).toBe(true);
    const appOnly = /router|providers|app-layout|guards|auth|iniciar-sesion|registro|restablecer|inicio|ventas|factura|productos|proveedores|clientes|analisis|movimientos|crud|pending|sweetalert|query|mutation|chart/i;
    expect(names.filter((n) => appOnly.test(n))).toEqual([]);
    // By content too, whatever the bundler names the chunks.
    const code = (await Promise.all(scripts.map((s) => s.body))).join('\n');
    expect(code).not.toContain('No QueryClient set'); // TanStack Query
    expect(code).not.toContain('swal2'); // SweetAlert2
    expect(code).not.toContain('may be used only in the context of a <Router>'); // React Router
    expect(code).not.toContain('Cerrar sesión'); // the application's layout
  });
});

test.describe('página pública en el celular', () => {
  test.use({ viewport: PHONE });

  test('muestra cada sección y el botón de menú en lugar de los enlaces', async ({ page }) => {
    await abrir(page);
    await expectSectionsAndLinks(page);
    await expect(page.getByRole('navigation', { name: 'Principal' })).toBeHidden();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Inicia Aquí' })).toBeVisible();
  });

  test('el menú cambia de icono, se abre y se cierra, y lleva a cada sección y al registro', async ({ page }) => {
    await abrir(page);
    const toggle = page.getByRole('button', { name: 'Abrir menú' });
    const menu = page.getByRole('navigation', { name: 'Menú' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toHaveAttribute('aria-controls', 'menu-movil');
    await expect(menu).toBeHidden();
    const barsIcon = await toggle.locator('svg path').getAttribute('d');

    await toggle.click();
    const close = page.getByRole('button', { name: 'Cerrar menú' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    expect(await close.locator('svg path').getAttribute('d')).not.toBe(barsIcon);
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link')).toHaveText(['¿Qué es?', 'Servicios', 'Beneficios', 'Contacto', 'Regístrate']);

    // Escape closes it and gives the focus back to the toggle.
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Abrir menú' })).toBeFocused();

    // The toggle closes it too.
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('button', { name: 'Cerrar menú' }).click();
    await expect(menu).toBeHidden();

    // Choosing a section closes the menu and shows the section.
    for (const [name, target] of [
      ['Servicios', '#servicios'],
      ['Contacto', '#contacto'],
      ['Beneficios', '#beneficios'],
      ['¿Qué es?', '#que-es'],
    ] as const) {
      await page.getByRole('button', { name: 'Abrir menú' }).click();
      await menu.getByRole('link', { name, exact: true }).click();
      await expect(menu).toBeHidden();
      await expect(page.getByRole('button', { name: 'Abrir menú' })).toBeVisible();
      await expect(page.locator(target)).toBeInViewport();
    }

    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await menu.getByRole('link', { name: 'Regístrate' }).click();
    await expect(page).toHaveURL(/\/registro$/);
    await expect(page.getByLabel('Código de invitación')).toBeVisible();
  });

  test("'Inicia Aquí' y la llamada final llevan a iniciar sesión; el carrusel avanza solo", async ({ page }) => {
    await abrir(page);
    await expect(dot(page, 1)).toHaveAttribute('aria-current', 'true');
    await expect(dot(page, 2)).toHaveAttribute('aria-current', 'true', { timeout: 5_000 });

    await page.getByRole('link', { name: /Comienza ahora/ }).click();
    await expect(page).toHaveURL(/\/iniciar_sesion$/);
    await abrir(page, '/no-existe/abc');
    await expect(title(page)).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'Inicia Aquí' }).click();
    await expect(page).toHaveURL(/\/iniciar_sesion$/);
  });

  test('sin infracciones graves de accesibilidad (axe-core), con el menú cerrado y abierto', async ({ page }) => {
    await abrir(page);
    await expect(title(page)).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await expect(page.getByRole('navigation', { name: 'Menú' })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});
