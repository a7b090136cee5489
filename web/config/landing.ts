/**
 * The team shown in the landing page's footer (spec §2: five members and their five contact
 * addresses). The spec leaves them as placeholders, so these defaults name the areas of the team
 * rather than people: put the real names and addresses here when the team agrees to be listed.
 */
export interface TeamMember {
  /** What the footer shows as the member's name. */
  name: string;
  /** Their role, shown under the name and in the contact list. */
  role: string;
  /** Contact address, shown as a mailto link. */
  email: string;
}

export const TEAM: readonly [TeamMember, TeamMember, TeamMember, TeamMember, TeamMember] = [
  { name: 'Equipo comercial', role: 'Ventas', email: 'ventas@adax.co' },
  { name: 'Mesa de ayuda', role: 'Soporte', email: 'soporte@adax.co' },
  { name: 'Equipo de producto', role: 'Desarrollo', email: 'desarrollo@adax.co' },
  { name: 'Equipo de experiencia', role: 'Diseño', email: 'diseno@adax.co' },
  { name: 'Oficina administrativa', role: 'Administración', email: 'administracion@adax.co' },
];
