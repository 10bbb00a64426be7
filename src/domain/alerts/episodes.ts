/**
 * One event per episode, not per evaluation: a condition's state says whether it held at
 * the last evaluation and which episode that was. Episodes are numbered, so the event of
 * an episode has an id that any evaluator computes alike (events.ts).
 */
export interface ConditionState {
  active: boolean;
  /** episodes triggered so far (the current one's number while active) */
  episode: number;
}

/** What a subscription remembers between evaluations (stored as JSON with it). */
export interface SubscriptionState {
  conditions: ConditionState[];
  /** the local date (YYYY-MM-DD) of the last daily outlook sent */
  outlookDate: string | null;
}

export function initialState(conditions: number): SubscriptionState {
  return {
    conditions: Array.from({ length: conditions }, () => ({ active: false, episode: 0 })),
    outlookDate: null,
  };
}

export type Transition = 'alert.triggered' | 'alert.cleared' | null;

/** The event a new evaluation calls for (if any) and the state after it. */
export function transition(
  state: ConditionState,
  holdsNow: boolean,
): { event: Transition; state: ConditionState } {
  if (holdsNow && !state.active)
    return { event: 'alert.triggered', state: { active: true, episode: state.episode + 1 } };
  if (!holdsNow && state.active)
    return { event: 'alert.cleared', state: { active: false, episode: state.episode } };
  return { event: null, state };
}

/** a stored state, read leniently: anything malformed starts afresh */
export function parseState(text: string | null, conditions: number): SubscriptionState {
  if (text === null) return initialState(conditions);
  try {
    const parsed = JSON.parse(text) as Partial<SubscriptionState>;
    const fresh = initialState(conditions);
    const stored = Array.isArray(parsed.conditions) ? parsed.conditions : [];
    return {
      conditions: fresh.conditions.map((initial, i) => {
        const s = stored[i];
        return s && typeof s.active === 'boolean' && Number.isInteger(s.episode)
          ? { active: s.active, episode: s.episode }
          : initial;
      }),
      outlookDate: typeof parsed.outlookDate === 'string' ? parsed.outlookDate : null,
    };
  } catch {
    return initialState(conditions);
  }
}
