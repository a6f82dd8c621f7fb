/**
 * The state chosen for each country in one Add/Edit Property dialog. Switching the country
 * answers the state to show next: the one chosen before for that country, or none when
 * its states were not chosen yet.
 */
export function stateMemory() {
  const chosen = new Map<number, number | null>();
  return (from: { country: number | null; state: number | null }, to: number | null): number | null => {
    if (from.country !== null) chosen.set(from.country, from.state);
    return to === null ? null : (chosen.get(to) ?? null);
  };
}
