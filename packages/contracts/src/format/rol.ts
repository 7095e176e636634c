/** Court case number (rol): one uppercase letter, a dash, digits, a dash, four digits (C-123-2024). */
export const ROL_PATTERN = /^[A-Z]-\d+-\d{4}$/;
export const ROL_MAX_LENGTH = 30;

/** Trims and upper-cases a rol as the re-encargo search does. */
export function normalizeRol(value: string | null | undefined): string {
  return (value ?? '').trim().toUpperCase();
}

export function isValidRol(value: string | null | undefined): boolean {
  return ROL_PATTERN.test(value ?? '');
}
