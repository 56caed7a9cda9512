import { HeartMark } from './icons.tsx';

/** Who wrote the page. The site is written by its editorial team; no invented personas. */
export function AuthorBox({ name, bio }: { name: string; bio: string }) {
  return (
    <aside className="author-box" aria-label="About the author" data-pagefind-ignore="">
      <span className="author-mark"><HeartMark size={36} /></span>
      <div>
        <p className="author-name">{name}</p>
        <p>{bio} <a href="/about">More about us</a>.</p>
      </div>
    </aside>
  );
}
