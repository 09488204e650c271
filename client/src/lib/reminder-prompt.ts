/** Asked once after joining: the join marks the group, any answer clears the mark. */
const KEY = 'pickem.reminder-prompt';
const listeners = new Set<() => void>();

export function offerReminderAfterJoin(groupId: number) {
  write(String(groupId));
}

export function clearReminderPrompt() {
  write(null);
}

export function reminderPromptGroup(): number | null {
  try {
    const value = window.localStorage.getItem(KEY);
    return value ? Number(value) : null;
  } catch {
    return null;
  }
}

export function subscribeReminderPrompt(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function write(value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(KEY);
    else window.localStorage.setItem(KEY, value);
  } catch {
    // Blocked storage: no prompt, the quiet side to fail on.
  }
  listeners.forEach((listener) => listener());
}
