import { expect } from '@esm-bundle/chai';
import { Vector3 } from 'three';
import { Viewer } from '../../../../core/index.js';
import { createContainer } from '../../../support/helpers.js';

/** A one-wall IFC4 file (10 × 1 × 3 length units) whose length unit is the given entities' #20. */
function oneWallIfc(lengthUnit: string): string {
  return `ISO-10303-21;
HEADER;
FILE_DESCRIPTION(('ViewDefinition [ReferenceView]'),'2;1');
FILE_NAME('unit.ifc','2024-01-01T00:00:00',(''),(''),'','','');
FILE_SCHEMA(('IFC4'));
ENDSEC;
DATA;
${lengthUnit}
#21=IFCSIUNIT(*,.AREAUNIT.,$,.SQUARE_METRE.);
#22=IFCUNITASSIGNMENT((#20,#21));
#1=IFCCARTESIANPOINT((0.,0.,0.));
#2=IFCAXIS2PLACEMENT3D(#1,$,$);
#3=IFCGEOMETRICREPRESENTATIONCONTEXT($,'Model',3,1.E-05,#2,$);
#4=IFCPROJECT('0YvctVUKr0kugbFTf53O9L',$,'Units',$,$,$,$,(#3),#22);
#5=IFCLOCALPLACEMENT($,#2);
#6=IFCSITE('1YvctVUKr0kugbFTf53O9L',$,'Site',$,$,#5,$,$,.ELEMENT.,$,$,$,$,$);
#7=IFCAXIS2PLACEMENT2D(#8,$);
#8=IFCCARTESIANPOINT((5.,0.5));
#9=IFCRECTANGLEPROFILEDEF(.AREA.,$,#7,10.,1.);
#10=IFCDIRECTION((0.,0.,1.));
#11=IFCEXTRUDEDAREASOLID(#9,#2,#10,3.);
#12=IFCSHAPEREPRESENTATION(#3,'Body','SweptSolid',(#11));
#13=IFCPRODUCTDEFINITIONSHAPE($,$,(#12));
#14=IFCLOCALPLACEMENT(#5,#2);
#15=IFCWALL('2YvctVUKr0kugbFTf53O9L',$,'Wall',$,$,#14,#13,$,.STANDARD.);
#16=IFCRELAGGREGATES('3YvctVUKr0kugbFTf53O9L',$,$,$,#4,(#6));
#17=IFCRELCONTAINEDINSPATIALSTRUCTURE('0ZvctVUKr0kugbFTf53O9L',$,$,$,(#15),#6);
#18=IFCPROPERTYSINGLEVALUE('Width',$,IFCLENGTHMEASURE(1.),$);
#19=IFCPROPERTYSET('1ZvctVUKr0kugbFTf53O9L',$,'Pset_Dimensions',$,(#18));
#23=IFCRELDEFINESBYPROPERTIES('2ZvctVUKr0kugbFTf53O9L',$,$,$,(#15),#19);
ENDSEC;
END-ISO-10303-21;
`;
}

describe('IFC loader: units (IfcUnitAssignment, spec 000 §5, §9)', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;
  beforeEach(() => {
    container = createContainer(160, 120);
    viewer = new Viewer(container, { language: 'en' });
    viewer.start();
  });
  afterEach(() => {
    viewer.finish();
    container.remove();
  });

  async function load(lengthUnit: string) {
    const url = URL.createObjectURL(new Blob([oneWallIfc(lengthUnit)]));
    const model = await viewer.loadModel(url, { fileExtension: 'ifc', fileName: 'unit.ifc' });
    URL.revokeObjectURL(url);
    const size = model.getBoundingBox().getSize(new Vector3());
    const wall = (await model.getProperties(3)).properties.find((p) => p.displayName === 'Width')!;
    return { model, size, wall };
  }

  it('keeps a file in feet in feet: unit string ft, scale 0.3048, coordinates and lengths in feet', async () => {
    const { model, size, wall } = await load(`#24=IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.);
#25=IFCMEASUREWITHUNIT(IFCLENGTHMEASURE(0.3048),#24);
#26=IFCDIMENSIONALEXPONENTS(1,0,0,0,0,0,0);
#20=IFCCONVERSIONBASEDUNIT(#26,.LENGTHUNIT.,'FOOT',#25);`);
    expect([model.getUnitString(), model.getUnitScale(), model.getDisplayUnit()]).to.deep.equal(['ft', 0.3048, 'ft']);
    expect([size.x, size.y, size.z].map((v) => Math.round(v * 1000) / 1000)).to.deep.equal([10, 1, 3]);
    expect([wall.displayValue, wall.units]).to.deep.equal([1, 'ft']);
    expect(model.getMetadata('IFC', 'metersPerLengthUnit')).to.be.closeTo(0.3048, 1e-12);
  });

  it('keeps millimetres and centimetres, with their spec scales', async () => {
    const mm = await load('#20=IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.);');
    expect([mm.model.getUnitString(), mm.model.getUnitScale(), mm.wall.units]).to.deep.equal(['mm', 0.001, 'mm']);
    viewer.unloadModel(mm.model);
    const cm = await load('#20=IFCSIUNIT(*,.LENGTHUNIT.,.CENTI.,.METRE.);');
    expect([cm.model.getUnitString(), cm.model.getUnitScale(), cm.size.x]).to.deep.equal(['cm', 0.01, 10]);
  });

  it('converts a length unit the viewer does not know (decimetre) to meters', async () => {
    const { model, size, wall } = await load('#20=IFCSIUNIT(*,.LENGTHUNIT.,.DECI.,.METRE.);');
    expect([model.getUnitString(), model.getUnitScale()]).to.deep.equal(['m', 1]);
    expect(size.x).to.be.closeTo(1, 1e-6); // 10 dm
    expect(model.getMetadata('IFC', 'lengthUnit')).to.equal('dm');
    expect(wall.units).to.equal('dm'); // property values stay as the file writes them
  });
});
