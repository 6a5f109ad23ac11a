import { useState } from 'react';
import type { Property } from '../../core/index.js';
import { Icon } from '../icons/Icon.js';
import { useTranslate, useViewer } from '../ViewerContext.js';
import { formatPropertyValue, OTHER_CATEGORY } from './formatProperty.js';
import { PropertyText } from './PropertyText.js';

interface PropertyCategoryProps {
  /** '' for rows without a heading. */
  category: string;
  properties: readonly Property[];
  term: string;
}

/** A collapsible category of name/value rows (spec 001 §2 "Panels" 2). */
export function PropertyCategory({ category, properties, term }: PropertyCategoryProps) {
  const t = useTranslate();
  const viewer = useViewer();
  const [isOpen, setOpen] = useState(true);
  const words = { yes: t('Yes', 'Yes'), no: t('No', 'No') };
  const title = category === OTHER_CATEGORY ? t('Other', 'Other') : category;
  const rows = (
    <table className="dv-property-table">
      <tbody>
        {properties.map((property, i) => (
          <tr key={`${property.attributeName}-${i}`} className="dv-property-row">
            <th scope="row" title={property.displayName}>
              <PropertyText text={property.displayName} term={term} />
            </th>
            <td>
              <PropertyText text={formatPropertyValue(property, words, viewer.getLanguage())} term={term} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  if (!category) return <section className="dv-property-category">{rows}</section>;
  return (
    <section className={`dv-property-category${isOpen ? ' is-open' : ''}`} data-category={category}>
      <h3 className="dv-property-category-title">
        <button type="button" aria-expanded={isOpen} onClick={() => setOpen(!isOpen)}>
          <Icon name={isOpen ? 'chevronDown' : 'chevronRight'} size={14} />
          <span>
            <PropertyText text={title} term={term} />
          </span>
          <span className="dv-property-count">{properties.length}</span>
        </button>
      </h3>
      {isOpen && rows}
    </section>
  );
}
