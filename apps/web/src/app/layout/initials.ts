// The top bar's initials (docs/screens.md (Top bar)): first letter of the first and of the last name, upper case.
export function initialsOf(firstName: string, lastName: string): string {
  // Array.from splits by code point, so a name starting with an astral character keeps it whole.
  const first = (name: string) => Array.from(name.trim())[0] ?? '';
  return `${first(firstName)}${first(lastName)}`.toUpperCase();
}
