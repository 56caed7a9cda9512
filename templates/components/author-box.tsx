import { Cached } from '../../src/index.ts';
import { HeartMark } from './icons.tsx';

/**
 * Who wrote the page: the entry's `author` when it names one, else the editorial team. The team's
 * bio describes the team, so it is shown only under the team's name; another author gets their
 * name and nothing invented about them (no bio or photo we do not have). The same for every page
 * of one author: rendered once for each (`Cached`).
 */
export function AuthorBox({ author, team }: { author?: string; team: { name: string; bio: string } }) {
  const name = author?.trim() || team.name;
  const isTeam = name === team.name;
  return (
    <Cached as="aside" className="author-box" aria-label="About the author" data-pagefind-ignore="" part={`author ${name}`}>
      {() => (
        <>
          <span className="author-mark"><HeartMark size={36} /></span>
          <div>
            <p className="author-name">{name}</p>
            <p>{isTeam ? `${team.bio} ` : `Published by ${team.name}. `}<a href="/about">More about us</a>.</p>
          </div>
        </>
      )}
    </Cached>
  );
}
