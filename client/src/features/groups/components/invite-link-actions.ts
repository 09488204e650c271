import { invitationTextOf, joinLinkOf } from '@shared/domain/invite-link';
import { toast } from '@client/lib/toast';

export const inviteLinkOf = (code: string) => joinLinkOf(window.location.origin, code);

export function canShareLink(): boolean {
  return typeof navigator.share === 'function';
}

/** When the clipboard refuses, the toast carries the text so it can be copied by hand. */
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

export async function shareInviteLink(groupName: string, code: string) {
  const url = inviteLinkOf(code);
  const data = { title: `Join ${groupName} on Pick'em`, text: invitationTextOf(groupName), url };
  if (canShareLink()) {
    try {
      await navigator.share(data);
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  await copyInviteLink(code);
}
