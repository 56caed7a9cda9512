import { useEffect, useState } from 'react';
import { toast } from '../lib/toast.ts';

/**
 * "Copy link" for the share bar: copies the page's address and says so in a toast, or says it
 * could not and offers to try again. It needs JavaScript, so it stays hidden until hydrated.
 */
export default function CopyLink({ url }: { url: string }) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link copied', description: 'Paste it wherever you would like to share this page.' });
    } catch {
      toast({
        variant: 'destructive',
        title: 'The link could not be copied',
        description: 'Your browser did not allow it. You can copy the address from the address bar instead.',
        action: { label: 'Try again', onClick: () => void copy() },
      });
    }
  };
  return (
    <button type="button" className="share-copy" hidden={!ready} onClick={() => void copy()}>
      Copy link
    </button>
  );
}
