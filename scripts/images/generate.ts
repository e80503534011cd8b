console.log('images: not yet generated');
