import type { PageProps } from '../../src/build/types.ts';
import { Document } from '../components/document.tsx';
import type { LandingData } from '../schemas.ts';

/** A monetisation landing page (SPEC §6); what it shows depends on its `kind`. */
export function LandingPage(props: PageProps) {
  const data = props.page.entry!.data as LandingData;
  return (
    <Document {...props} meta={{ title: data.title, description: data.description, noindex: data.noindex }}>
      <h1>{data.title}</h1>
    </Document>
  );
}
