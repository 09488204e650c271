import { invitationTextOf, joinLinkOf } from '@shared/domain/invite-link';
import { toast } from '@client/lib/toast';

/** The group's join link on the origin this app is served from. */
export const inviteLinkOf = (code: string) => joinLinkOf(window.location.origin, code);

/** Whether this browser has a system share sheet for a link (phones, some desktops). */
export function canShareLink(): boolean {
  return typeof navigator.share === 'function';
}

/**
 * Copies the code or the link. When the browser will not write to the clipboard (no
 * permission, not a secure page), the toast carries the text so it can be copied by hand.
 */
export async function copyText(
  text: string,
  what: 'code' | 'link',
  copied: { title: string; description: string },
) {
  try {
    if (!('clipboard' in navigator)) throw new Error('No clipboard');
    await navigator.clipboard.writeText(text);
    toast(copied);
  } catch {
    toast({
      title: 'Failed to copy',
      description: `Copy the ${what} by hand: ${text}`,
      variant: 'destructive',
      duration: 15_000,
    });
  }
}

export const copyInviteLink = (code: string) =>
  copyText(inviteLinkOf(code), 'link', {
    title: 'Link copied!',
    description: 'Send it to anyone you want in.',
  });

/** The system share sheet with a short invitation; falls back to copying the link. */
export async function shareInviteLink(groupName: string, code: string) {
  const url = inviteLinkOf(code);
  const data = { title: `Join ${groupName} on Pick'em`, text: invitationTextOf(groupName), url };
  if (canShareLink()) {
    try {
      await navigator.share(data);
      return;
    } catch (error) {
      // Closing the sheet is the user's choice, not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  await copyInviteLink(code);
}
