export interface E2eUser {
  username: string;
  password: string;
  firstName?: string;
  lastName?: string;
  permisos?: readonly string[];
}

/** Users the suites sign in with; all but admin are created by the global setup. */
export const users = {
  admin: { username: 'admin', password: 'admin12345' },
  /** No permission codes: every guarded module is closed. */
  sinPermisos: { username: 'secretaria_sin_permisos', password: 'clave-e2e-1' },
  /** No names in the profile; holds the estampar module only. */
  receptora: { username: 'receptor_maria_gonzalez', password: 'clave-e2e-2', permisos: ['estampa_1'] },
  /** Full name in the profile; used by the personal-notes flows. */
  notas: { username: 'secretaria_notas', password: 'clave-e2e-3', firstName: 'Carolina', lastName: 'Muñoz' },
  /** The collection secretary: prints receipts and reads the period (no discounts, no item edits). */
  cobranza: { username: 'secretaria_cobranza', password: 'clave-e2e-4', permisos: ['imprime_recibos', 'recibos_periodo'] },
} as const satisfies Record<string, E2eUser>;

export const createdUsers: readonly E2eUser[] = [users.sinPermisos, users.receptora, users.notas, users.cobranza];
