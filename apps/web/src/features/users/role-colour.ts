// Role pill colours (docs/roles-and-permissions.md (Colours)): hue = hash(role name) mod 360, saturation 75 %, lightness 35 %,
// on a background of the same hue at 95 % lightness.

/** A stable non-negative 32-bit string hash (Java's String.hashCode, made non-negative). */
export function hashRoleName(name: string): number {
  let hash = 0;
  for (let index = 0; index < name.length; index += 1) {
    hash = (Math.imul(hash, 31) + name.charCodeAt(index)) | 0;
  }
  return Math.abs(hash);
}

export function roleHue(name: string): number {
  return hashRoleName(name) % 360;
}

export interface RoleColours {
  color: string;
  backgroundColor: string;
}

export function roleColours(name: string): RoleColours {
  const hue = roleHue(name);
  return { color: `hsl(${hue}, 75%, 35%)`, backgroundColor: `hsl(${hue}, 75%, 95%)` };
}
